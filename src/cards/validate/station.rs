//! The checks of one Station card and of each kind's own fields (a foe's faces, a
//! Terror's options, a Pit's test, a companion's abilities).

use super::*;

impl Checker<'_> {
    pub(super) fn station(&mut self, src: &Source, p: &str, card: &StationCard) {
        use StationType::*;
        let t = card.card_type;
        self.not_blank(src, &join(p, "name"), "name", &card.name);
        self.not_blank(src, &join(p, "text"), "text", &card.text);
        if let Some(label) = &card.label {
            self.not_blank(src, &join(p, "label"), "label", label);
        }
        for (i, tag) in card.tags.iter().enumerate() {
            if is_blank(tag) {
                self.err(src, &format!("{p}.tags[{i}]"), "a tag is empty");
            }
        }

        // Fields that only some types use.
        const FOES: (&[StationType], &str) = (&[Foe], "foes");
        const USERS: (&[StationType], &str) = (
            &[Item, Equipment, Companion],
            "items, equipment and companions",
        );
        const HOLDERS: (&[StationType], &str) = (
            &[Equipment, Companion, Snare],
            "equipment, companions and snares",
        );
        const COMPANIONS: (&[StationType], &str) = (&[Companion], "companions");
        let rules: [(&str, (&[StationType], &str)); 17] = [
            ("hp", FOES),
            ("def", FOES),
            ("faces", FOES),
            ("immune", FOES),
            ("on_defeat", FOES),
            ("unbeatable", FOES),
            ("invulnerable", FOES),
            ("passage", FOES),
            ("toll", FOES),
            ("options", (&[Terror], "Terror cards")),
            ("test", (&[Pit], "Pit cards")),
            ("join", COMPANIONS),
            ("refused", COMPANIONS),
            ("carries", COMPANIONS),
            ("use", USERS),
            ("passive", HOLDERS),
            ("triggers", HOLDERS),
        ];
        // A foe that can join the traveller (a passage with `joins`) becomes a companion,
        // so it may carry a companion's fields too.
        let joins = t == Foe && card.passage.iter().any(|x| x.joins);
        const JOINER_FIELDS: [&str; 4] = ["passive", "triggers", "use", "carries"];
        for (field, (allowed, who)) in rules {
            let fp = join(p, field);
            let as_companion = joins && JOINER_FIELDS.contains(&field);
            if src.loc.value(&fp).is_some() && !allowed.contains(&t) && !as_companion {
                let msg = format!("`{field}` is only for {who} (this card's type is `{t}`)");
                self.err(src, &fp, msg);
            }
        }

        self.reveals(src, &join(p, "reveals"), &card.reveals);
        match t {
            Foe => self.foe(src, p, card),
            Terror => self.terror(src, p, card),
            Pit => self.pit(src, p, card),
            Companion => self.companion(src, p, card),
            _ => {}
        }
        if (USERS.0.contains(&t) || joins)
            && let Some(a) = &card.ability
        {
            self.ability(src, &join(p, "use"), a);
        }
        if HOLDERS.0.contains(&t) || joins {
            self.modifiers(src, &join(p, "passive"), &card.passive);
            for (i, tr) in card.triggers.iter().enumerate() {
                let tp = format!("{p}.triggers[{i}]");
                if tr.effects.is_empty() {
                    self.err(src, &join(&tp, "effects"), "a trigger needs `effects`");
                }
                self.effects(src, &join(&tp, "effects"), &tr.effects);
            }
        }
        self.effects(src, &join(p, "effects"), &card.effects);
    }

    fn foe(&mut self, src: &Source, p: &str, card: &StationCard) {
        let faces_msg = |n: usize| {
            format!("a foe needs exactly 6 faces, one for each die result; this one has {n}")
        };
        if card.unbeatable {
            if card.passage.is_empty() && card.toll.is_none() {
                let msg = "an unbeatable foe needs a `passage` or a `toll`: there is no other way past it";
                self.err(src, &join(p, "unbeatable"), msg);
            } else if card.toll.is_none() {
                let msg = "an unbeatable foe without a `toll` ends the run of a traveller who lacks every card its `passage` asks for";
                self.warn(src, &join(p, "unbeatable"), msg);
            }
            if !card.faces.is_empty() && card.faces.len() != 6 {
                self.err(src, &join(p, "faces"), faces_msg(card.faces.len()));
            }
        } else {
            if card.hp.is_none() {
                self.err(
                    src,
                    &join(p, "hp"),
                    "a foe needs `hp` (unless it is `unbeatable`)",
                );
            }
            if card.faces.len() != 6 {
                self.err(src, &join(p, "faces"), faces_msg(card.faces.len()));
            }
        }
        if let Some(hp) = card.hp.and_then(|hp| hp.fixed()) {
            self.range(src, &join(p, "hp"), "hp", hp as i64, 1, 99);
        }
        if card.invulnerable {
            let ip = join(p, "invulnerable");
            if card.unbeatable {
                let msg = "`invulnerable` and `unbeatable` together: an unbeatable foe is never fought, so it never needs to be invulnerable";
                self.err(src, &ip, msg);
            }
            if !card.on_defeat.is_empty() {
                let msg = "an invulnerable foe is never defeated: its `on_defeat` effects can never happen";
                self.err(src, &join(p, "on_defeat"), msg);
            }
            if card.passage.is_empty() && card.toll.is_none() && !card.unbeatable {
                let msg = "an invulnerable foe without a `passage` or `toll` must be fought and cannot be beaten: the duel ends only when the traveller falls, or is broken off when neither side can harm the other";
                self.warn(src, &ip, msg);
            }
        }
        if let Some(def) = card.def {
            self.range(src, &join(p, "def"), "def", def as i64, 0, 5);
        }
        self.faces(src, &join(p, "faces"), &card.faces, "this foe");
        for (i, pass) in card.passage.iter().enumerate() {
            let pp = format!("{p}.passage[{i}]");
            self.not_blank(src, &join(&pp, "label"), "label", &pass.label);
            match (&pass.show, &pass.give) {
                (Some(_), Some(_)) => {
                    self.err(src, &pp, "a passage shows or gives one card, not both")
                }
                (None, None) => self.err(
                    src,
                    &pp,
                    "a passage needs `show` or `give` (for a way past without a card, use `toll`)",
                ),
                _ => {}
            }
            if let Some(id) = &pass.show {
                self.card_ref(src, &join(&pp, "show"), "show", id, Want::Held);
            }
            if let Some(id) = &pass.give {
                self.card_ref(src, &join(&pp, "give"), "give", id, Want::Held);
            }
            self.effects(src, &join(&pp, "effects"), &pass.effects);
        }
        if let Some(toll) = &card.toll {
            if toll.is_empty() {
                self.err(
                    src,
                    &join(p, "toll"),
                    "`toll` is empty: list the effects suffered to slip past",
                );
            }
            self.effects(src, &join(p, "toll"), toll);
        }
        self.effects(src, &join(p, "on_defeat"), &card.on_defeat);
    }

    fn terror(&mut self, src: &Source, p: &str, card: &StationCard) {
        let op = join(p, "options");
        if card.options.len() != 2 {
            let msg = format!(
                "a Terror needs exactly 2 options; this one has {}",
                card.options.len()
            );
            self.err(src, &op, msg);
        }
        if !card.options.is_empty() && card.options.iter().all(|o| !o.cost.is_empty()) {
            let msg = "every Terror needs an option without a cost: an option that cannot be paid cannot be chosen";
            self.err(src, &op, msg);
        }
        for (i, o) in card.options.iter().enumerate() {
            let p = format!("{op}[{i}]");
            self.not_blank(src, &join(&p, "label"), "label", &o.label);
            for (j, pay) in o.cost.iter().enumerate() {
                let cp = format!("{p}.cost[{j}]");
                match pay {
                    Payment::SpendResolve(n) => self.range(
                        src,
                        &join(&cp, "spend_resolve"),
                        "spend_resolve",
                        *n as i64,
                        1,
                        i64::from(crate::numbers::MARKER_MAX),
                    ),
                    Payment::SpendGrace(n) => self.range(
                        src,
                        &join(&cp, "spend_grace"),
                        "spend_grace",
                        *n as i64,
                        1,
                        i64::from(crate::numbers::GRACE_MAX),
                    ),
                    Payment::Discard(_) => {}
                }
            }
            self.effects(src, &join(&p, "effects"), &o.effects);
        }
    }

    fn pit(&mut self, src: &Source, p: &str, card: &StationCard) {
        let tp = join(p, "test");
        let Some(test) = &card.test else {
            self.err(src, &tp, "a Pit needs a `test`");
            return;
        };
        self.range(
            src,
            &join(&tp, "target"),
            "target",
            test.target as i64,
            2,
            12,
        );
        self.range(src, &join(&tp, "dice"), "dice", test.dice as i64, 1, 2);
        if !test.extended && !test.each_failure.is_empty() {
            let msg = "`each_failure` is only for extended tests (`\"extended\": true`)";
            self.err(src, &join(&tp, "each_failure"), msg);
        }
        self.effects(src, &join(&tp, "success"), &test.success);
        self.effects(src, &join(&tp, "failure"), &test.failure);
        self.effects(src, &join(&tp, "each_failure"), &test.each_failure);
    }

    fn companion(&mut self, src: &Source, p: &str, card: &StationCard) {
        let jp = join(p, "join");
        match &card.join {
            Some(Join::Show(id)) => {
                self.card_ref(src, &join(&jp, "show"), "join.show", id, Want::Held)
            }
            Some(Join::Give(id)) => {
                self.card_ref(src, &join(&jp, "give"), "join.give", id, Want::Held)
            }
            None => {
                if !card.refused.is_empty() {
                    let msg = "`refused` never happens: this companion has no `join` condition";
                    self.warn(src, &join(p, "refused"), msg);
                }
            }
        }
        self.effects(src, &join(p, "refused"), &card.refused);
        for (i, id) in card.carries.iter().enumerate() {
            self.card_ref(src, &format!("{p}.carries[{i}]"), "carries", id, Want::Held);
        }
    }

    fn ability(&mut self, src: &Source, p: &str, a: &Ability) {
        if let Some(c) = &a.requires {
            self.condition(src, &join(p, "requires"), c);
        }
        if a.effects.is_empty() && !a.reroll {
            self.err(
                src,
                p,
                "`use` does nothing: give it `effects` or `\"reroll\": true`",
            );
        }
        if a.reroll && !a.effects.is_empty() {
            self.err(
                src,
                &join(p, "reroll"),
                "`reroll` replaces `effects`: use one or the other",
            );
        }
        if let Some(n) = a.uses {
            self.range(src, &join(p, "uses"), "uses", n as i64, 2, 9);
            if a.per == Per::Run {
                let msg = "`uses` with `per: \"run\"`: an ability once per run has one use; use `per: \"once\"` for N uses at any moment";
                self.err(src, &join(p, "uses"), msg);
            }
        }
        self.in_duel_use = a.duel_only;
        self.effects(src, &join(p, "effects"), &a.effects);
        self.in_duel_use = false;
    }
}
