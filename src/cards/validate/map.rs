//! The map's checks: every Domain placed once, links between neighbours, and routes
//! that can reach the Guardian (with the seals no route can break).

use super::*;

impl Checker<'_> {
    pub(super) fn map(&mut self) {
        let Some(map) = &self.loaded.map else { return };
        let (src, m) = (&map.src, &map.value);
        if m.domains.is_empty() {
            self.err(src, "domains", "the map has no domains");
            return;
        }
        if m.domains.len() > u8::MAX as usize {
            self.err(
                src,
                "domains",
                format!(
                    "the map has {} domains; at most 255 are supported",
                    m.domains.len()
                ),
            );
        }
        let index: HashMap<&str, usize> = m
            .domains
            .iter()
            .enumerate()
            .rev()
            .map(|(i, d)| (d.id.0.as_str(), i))
            .collect();
        let start = index.get(m.start.0.as_str()).copied();
        let fin = index.get(m.final_domain.0.as_str()).copied();
        self.domain_ref(src, "start", &m.start);
        self.domain_ref(src, "final", &m.final_domain);

        let mut positions: HashMap<(u8, u8), &str> = HashMap::new();
        let mut adjacency: Vec<Vec<usize>> = vec![Vec::new(); m.domains.len()];
        for (i, d) in m.domains.iter().enumerate() {
            let p = format!("domains[{i}]");
            if d.row == 0 {
                self.err(src, &join(&p, "row"), "rows start at 1 (the bottom row)");
            }
            match positions.get(&(d.row, d.column)) {
                Some(other) => {
                    let msg = format!(
                        "domain `{}` is at row {}, column {}, where `{other}` already is",
                        d.id, d.row, d.column
                    );
                    self.err(src, &p, msg);
                }
                None => {
                    positions.insert((d.row, d.column), &d.id.0);
                }
            }
            if Some(i) == fin && !d.links.is_empty() {
                let msg = format!(
                    "the final domain `{}` must have no links: clearing it leads to the Guardian",
                    d.id
                );
                self.err(src, &join(&p, "links"), msg);
            }
            for (j, link) in d.links.iter().enumerate() {
                let lp = format!("{p}.links[{j}]");
                if !self.domain_ref(src, &lp, link) {
                    continue;
                }
                let Some(&k) = index.get(link.0.as_str()) else {
                    continue;
                };
                let to = &m.domains[k];
                if k == i {
                    self.err(src, &lp, format!("domain `{}` links to itself", d.id));
                    continue;
                }
                if to.row < d.row {
                    let msg = format!(
                        "link from `{}` (row {}) to `{}` (row {}) goes down; links go sideways (same row) or one row up",
                        d.id, d.row, to.id, to.row
                    );
                    self.err(src, &lp, msg);
                } else if to.row == d.row && to.column.abs_diff(d.column) > 1 {
                    // A sideways step moves to the Domain beside you; one that jumps over
                    // a Domain of the row would let a route skip it.
                    let msg = format!(
                        "sideways link from `{}` (row {}, column {}) to `{}` (column {}) skips a Domain; a sideways link joins neighbours in the row",
                        d.id, d.row, d.column, to.id, to.column
                    );
                    self.err(src, &lp, msg);
                } else if to.row > d.row + 1 {
                    let msg = format!(
                        "link from `{}` (row {}) to `{}` (row {}) skips a row; links go sideways (same row) or one row up",
                        d.id, d.row, to.id, to.row
                    );
                    self.err(src, &lp, msg);
                }
                if !adjacency[i].contains(&k) {
                    adjacency[i].push(k);
                }
            }
        }
        if let (Some(start), Some(fin)) = (start, fin) {
            self.routes(src, m, &adjacency, start, fin);
        }
    }

    /// Walks every route from the start (never revisiting a Domain) and reports each
    /// Domain where a route gets stuck before the final one.
    fn routes(
        &mut self,
        src: &Source,
        m: &MapFile,
        adjacency: &[Vec<usize>],
        start: usize,
        fin: usize,
    ) {
        struct Walk<'g> {
            adjacency: &'g [Vec<usize>],
            fin: usize,
            visited: Vec<bool>,
            reached: Vec<bool>,
            route: Vec<usize>,
            /// Stuck Domain → (first route that got stuck there, how many did).
            stuck: Vec<(usize, Vec<usize>, usize)>,
            budget: usize,
        }
        impl Walk<'_> {
            fn go(&mut self, at: usize) {
                if self.budget == 0 {
                    return;
                }
                self.budget -= 1;
                self.visited[at] = true;
                self.reached[at] = true;
                self.route.push(at);
                if at != self.fin {
                    let next: Vec<usize> = self.adjacency[at]
                        .iter()
                        .copied()
                        .filter(|&n| !self.visited[n])
                        .collect();
                    if next.is_empty() {
                        match self.stuck.iter_mut().find(|(d, _, _)| *d == at) {
                            Some(entry) => entry.2 += 1,
                            None => self.stuck.push((at, self.route.clone(), 1)),
                        }
                    }
                    for n in next {
                        self.go(n);
                    }
                }
                self.route.pop();
                self.visited[at] = false;
            }
        }
        let n = m.domains.len();
        let mut walk = Walk {
            adjacency,
            fin,
            visited: vec![false; n],
            reached: vec![false; n],
            route: Vec::new(),
            stuck: Vec::new(),
            budget: 1_000_000,
        };
        walk.go(start);
        let name = |i: usize| format!("`{}`", m.domains[i].id);
        for (at, route, count) in &walk.stuck {
            let path: Vec<String> = route.iter().map(|&i| name(i)).collect();
            let why = if adjacency[*at].is_empty() {
                "which has no links".to_string()
            } else {
                "whose links all lead to Domains already cleared on that route".to_string()
            };
            let mut msg = format!(
                "dead end: the route {} gets stuck at {}, {why}, and never reaches the final domain {}",
                path.join(" → "),
                name(*at),
                name(fin)
            );
            if *count > 1 {
                msg.push_str(&format!(" ({} routes get stuck there)", count));
            }
            let p = format!("domains[{at}].links");
            self.err(src, &p, msg);
        }
        if walk.budget == 0 {
            self.warn(
                src,
                "domains",
                "the map has too many routes to check them all",
            );
            return;
        }
        for (i, reached) in walk.reached.iter().enumerate() {
            if !reached {
                let msg = format!(
                    "domain `{}` cannot be reached from the start `{}`",
                    m.domains[i].id, m.domains[start].id
                );
                self.warn(src, &format!("domains[{i}]"), msg);
            }
        }
    }

    // --- single-card files ----------------------------------------------------------
}
