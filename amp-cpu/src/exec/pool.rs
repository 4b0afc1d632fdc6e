//! Host threads kept across dispatches: a dispatch hands its job to idle workers of one shared
//! pool and runs it on the calling thread too, instead of starting threads of its own (a sort
//! is many small dispatches, and starting threads costs more than a small dispatch's work).

use std::any::Any;
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// A job as the workers see it: the closure and its completion count.
struct Job {
    /// The dispatch's closure. Its true lifetime is the dispatch's: [`run`] removes the entries
    /// no worker took and waits for the rest before it returns, so no worker holds it after.
    f: &'static (dyn Fn() + Sync),
    /// Workers that took the job and have not finished it, and the first panic among them.
    state: &'static Mutex<Progress>,
    done: &'static Condvar,
}

#[derive(Default)]
struct Progress {
    running: usize,
    panic: Option<Box<dyn Any + Send>>,
}

struct Pool {
    /// Job entries not yet taken, one per wanted worker, and the workers started.
    queue: Mutex<(VecDeque<(u64, Job)>, usize)>,
    ready: Condvar,
}

static POOL: Pool = Pool {
    queue: Mutex::new((VecDeque::new(), 0)),
    ready: Condvar::new(),
};

static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // The pool's locks guard no invariant a panic could break midway: the queue and the
    // counters are updated in single steps.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn worker() {
    loop {
        let job = {
            let mut q = lock(&POOL.queue);
            loop {
                if let Some((_, job)) = q.0.pop_front() {
                    // Counted while the queue is locked, so `run` sees every taker once it has
                    // removed the entries left.
                    lock(job.state).running += 1;
                    break job;
                }
                q = POOL.ready.wait(q).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job.f));
        let mut p = lock(job.state);
        if let Err(e) = r {
            p.panic.get_or_insert(e);
        }
        p.running -= 1;
        if p.running == 0 {
            job.done.notify_all();
        }
    }
}

/// Runs `f` on the calling thread and on up to `threads - 1` idle pool workers at once, and
/// returns when every run of it has returned. `f` shares the work out itself (each run takes
/// work until none is left), so a worker that starts late finds nothing and returns. A panic in
/// any run is resumed on the calling thread.
pub(super) fn run(threads: usize, f: &(dyn Fn() + Sync)) {
    let helpers = threads.saturating_sub(1);
    if helpers == 0 {
        f();
        return;
    }
    let state = Mutex::new(Progress::default());
    let done = Condvar::new();
    let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // SAFETY: the references outlive every use: `Finish` below (run on return and on unwind)
    // removes the entries no worker took and waits until every worker that took one is done.
    let job = || unsafe {
        Job {
            f: std::mem::transmute::<&(dyn Fn() + Sync), &'static (dyn Fn() + Sync)>(f),
            state: std::mem::transmute::<&Mutex<Progress>, &'static Mutex<Progress>>(&state),
            done: std::mem::transmute::<&Condvar, &'static Condvar>(&done),
        }
    };
    {
        let mut q = lock(&POOL.queue);
        while q.1 < helpers {
            if std::thread::Builder::new()
                .name("amp-cpu".into())
                .spawn(worker)
                .is_err()
            {
                break;
            }
            q.1 += 1;
        }
        for _ in 0..helpers {
            q.0.push_back((id, job()));
        }
    }
    POOL.ready.notify_all();

    struct Finish<'a> {
        id: u64,
        state: &'a Mutex<Progress>,
        done: &'a Condvar,
    }
    impl Drop for Finish<'_> {
        fn drop(&mut self) {
            lock(&POOL.queue).0.retain(|(id, _)| *id != self.id);
            let mut p = lock(self.state);
            while p.running > 0 {
                p = self.done.wait(p).unwrap_or_else(PoisonError::into_inner);
            }
        }
    }
    let finish = Finish {
        id,
        state: &state,
        done: &done,
    };
    f();
    drop(finish);
    let panic = lock(&state).panic.take();
    if let Some(e) = panic {
        std::panic::resume_unwind(e);
    }
}
