//! Full runs per second on one core, per bot, on the shipped cards:
//! `cargo bench --bench simulate`. (The simulator also reports its own rate.)

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use forward::cards::load::load_dir;
use forward::sim::batch::PolicyKind;
use forward::sim::run::{play, run_seed};
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

fn runs_per_second(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let cards = match load_dir(&dir) {
        Ok((set, _)) => Arc::new(set),
        Err(report) => panic!("the shipped cards do not load: {}", report.summary()),
    };
    const BATCH: u64 = 200;
    let mut group = c.benchmark_group("full runs, one core");
    group.throughput(Throughput::Elements(BATCH));
    for policy in [PolicyKind::Greedy, PolicyKind::Planner, PolicyKind::Random] {
        group.bench_function(format!("{policy:?}"), |b| {
            let mut bot = policy.make();
            let mut base = 0;
            b.iter(|| {
                base += 1;
                for i in 0..BATCH {
                    black_box(play(&cards, run_seed(base, i), bot.as_mut()));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, runs_per_second);
criterion_main!(benches);
