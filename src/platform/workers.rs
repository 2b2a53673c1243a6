//! Workers: a few background workers that each take text messages, one at a time, and
//! post text messages back. In a browser they are Web Workers (the page's one thread
//! never runs a search, so the page keeps its frame rate and Stop can end a worker
//! at once); natively they are threads, so that whatever is built on them (the
//! runner's browser host) is tested by `cargo test` with the very same messages.
//!
//! A worker runs a [`Handler`]: given a message, it does the work and posts any number
//! of answers. Natively the pool runs the handler it is given. In a browser each
//! worker is a module script (`worker.js`, beside the page) that loads the same wasm
//! and calls the exported `worker_main`, which calls [`serve`] with the handler; the
//! handler given to [`Workers::start`] is that one, by contract.
//!
//! Every worker says [`READY`] first, once it can take messages; a message sent
//! before that waits in the browser's queue for the worker to load.
//!
//! A pool started with an [`Answer`] ([`Workers::start_answering`]) hands each post to
//! it where the post arrives, at once (in a browser, the page's message callback;
//! natively, the worker's own thread), and sends the worker whatever it answers: a
//! host hands out the next job the moment a worker ends one, without waiting for its
//! owner (the page's frame, four a second during a run) to look.

use std::sync::Arc;

/// What a worker does with a message: the work, posting answers with [`post`].
pub type Handler = fn(message: &str);

/// Called whenever a worker posted something (the app asks for a repaint).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// What a pool started with [`Workers::start_answering`] does with each post, where it
/// arrives: given the worker and what it posted, the messages to send that worker
/// now (in order; nothing, most often).
pub type Answer = Arc<dyn Fn(usize, Posted) -> Vec<String> + Send + Sync>;

/// The first message every worker posts, once it takes messages.
pub const READY: &str = "ready";

/// What came from a worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Posted {
    /// A message it posted.
    Message(String),
    /// It failed (a script that would not load, a trap): it takes no more messages.
    Failed(String),
}

/// How many workers can run at once: the browser's `navigator.hardwareConcurrency`,
/// natively the machine's cores.
#[must_use]
pub fn available() -> usize {
    imp::available().max(1)
}

/// Runs `handler` for every message this worker is sent (called by a browser worker's
/// entry point; natively the pool's threads do this themselves). Posts [`READY`] first.
pub fn serve(handler: Handler) {
    imp::serve(handler);
}

/// Posts `message` from the worker this runs on to its pool (nothing, elsewhere).
pub fn post(message: &str) {
    imp::post(message);
}

/// A pool of workers.
pub struct Workers(imp::Pool);

impl std::fmt::Debug for Workers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workers")
            .field("count", &self.len())
            .finish_non_exhaustive()
    }
}

impl Workers {
    /// Starts `count` workers (at least one) that run `handler`; `wake` is called
    /// whenever one posts.
    ///
    /// # Errors
    /// When a worker cannot be made (no `worker.js` beside the page, no threads).
    pub fn start(count: usize, handler: Handler, wake: Wake) -> std::io::Result<Workers> {
        imp::Pool::start(count.max(1), handler, wake, None).map(Workers)
    }

    /// Starts `count` workers (at least one) that run `handler`, each of whose posts
    /// goes to `answer` as it arrives (and never to [`Workers::try_recv`]); what
    /// `answer` returns is sent to the worker that posted, at once. `wake` is called
    /// after each post.
    ///
    /// # Errors
    /// When a worker cannot be made (no `worker.js` beside the page, no threads).
    pub fn start_answering(
        count: usize,
        handler: Handler,
        wake: Wake,
        answer: Answer,
    ) -> std::io::Result<Workers> {
        imp::Pool::start(count.max(1), handler, wake, Some(answer)).map(Workers)
    }

    /// How many workers there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none (never, once started).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Sends `message` to worker `worker`.
    pub fn send(&self, worker: usize, message: &str) {
        self.0.send(worker, message);
    }

    /// The next thing a worker posted, without waiting: the worker and what.
    #[must_use]
    pub fn try_recv(&self) -> Option<(usize, Posted)> {
        self.0.try_recv()
    }

    /// Waits up to `timeout` for the next post (natively; a page cannot wait, so there
    /// this is [`Workers::try_recv`]).
    #[must_use]
    pub fn recv_timeout(&self, timeout: std::time::Duration) -> Option<(usize, Posted)> {
        self.0.recv_timeout(timeout)
    }

    /// Ends every worker now, whatever it is doing; nothing more comes from them. (A
    /// native worker thread cannot be killed: it finishes its message unheard.)
    pub fn terminate(&mut self) {
        self.0.terminate();
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.0.terminate();
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::{Answer, Handler, Posted, READY, Wake};
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{Receiver, Sender, channel};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    pub(super) fn available() -> usize {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    }

    pub(super) fn serve(_handler: Handler) {
        // Natively each pool thread serves its own channel (see `Pool::start`).
    }

    /// Where this thread's posts go, on a pool's worker thread.
    struct Outbox {
        index: usize,
        to: Sender<(usize, Posted)>,
        wake: Wake,
        answer: Option<Answer>,
        /// Set when the pool is terminated: nothing more is heard or run.
        ended: Arc<AtomicBool>,
    }

    thread_local! {
        static OUTBOX: RefCell<Option<Outbox>> = const { RefCell::new(None) };
        /// What the answers to this thread's posts sent it, before its inbox.
        static ANSWERED: RefCell<VecDeque<String>> = const { RefCell::new(VecDeque::new()) };
    }

    pub(super) fn post(message: &str) {
        OUTBOX.with_borrow(|outbox| {
            let Some(o) = outbox else {
                return;
            };
            if o.ended.load(Ordering::Acquire) {
                return;
            }
            let posted = Posted::Message(message.to_string());
            match &o.answer {
                Some(answer) => {
                    let next = answer(o.index, posted);
                    ANSWERED.with_borrow_mut(|q| q.extend(next));
                }
                None => {
                    let _ = o.to.send((o.index, posted));
                }
            }
            (o.wake)();
        });
    }

    /// The next message for this worker thread: an answer to its posts first, then its
    /// inbox; `None` once the pool is ended.
    fn next_message(rx: &Receiver<String>, ended: &AtomicBool) -> Option<String> {
        let message = match ANSWERED.with_borrow_mut(VecDeque::pop_front) {
            Some(m) => m,
            None => rx.recv().ok()?,
        };
        (!ended.load(Ordering::Acquire)).then_some(message)
    }

    pub(super) struct Pool {
        inboxes: Vec<Option<Sender<String>>>,
        outbox: Mutex<Receiver<(usize, Posted)>>,
        ended: Arc<AtomicBool>,
    }

    impl Pool {
        pub(super) fn start(
            count: usize,
            handler: Handler,
            wake: Wake,
            answer: Option<Answer>,
        ) -> std::io::Result<Pool> {
            let (out_tx, outbox) = channel();
            let ended = Arc::new(AtomicBool::new(false));
            let mut inboxes = Vec::with_capacity(count);
            for index in 0..count {
                let (tx, rx) = channel::<String>();
                let out = out_tx.clone();
                let (wake, answer, ended) = (wake.clone(), answer.clone(), Arc::clone(&ended));
                std::thread::Builder::new()
                    .name(format!("treelab-worker-{index}"))
                    .spawn(move || {
                        let mine = Arc::clone(&ended);
                        OUTBOX.set(Some(Outbox {
                            index,
                            to: out,
                            wake,
                            answer,
                            ended,
                        }));
                        post(READY);
                        while let Some(message) = next_message(&rx, &mine) {
                            handler(&message);
                        }
                    })?;
                inboxes.push(Some(tx));
            }
            Ok(Pool {
                inboxes,
                outbox: Mutex::new(outbox),
                ended,
            })
        }

        pub(super) fn len(&self) -> usize {
            self.inboxes.len()
        }

        pub(super) fn send(&self, worker: usize, message: &str) {
            if let Some(Some(tx)) = self.inboxes.get(worker) {
                let _ = tx.send(message.to_string());
            }
        }

        pub(super) fn try_recv(&self) -> Option<(usize, Posted)> {
            self.outbox.lock().ok()?.try_recv().ok()
        }

        pub(super) fn recv_timeout(&self, timeout: Duration) -> Option<(usize, Posted)> {
            self.outbox.lock().ok()?.recv_timeout(timeout).ok()
        }

        pub(super) fn terminate(&mut self) {
            self.ended.store(true, Ordering::Release);
            for inbox in &mut self.inboxes {
                inbox.take();
            }
            // Nothing more is heard from them, as from a terminated Web Worker.
            let (_, empty) = channel();
            if let Ok(mut outbox) = self.outbox.lock() {
                *outbox = empty;
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::{Answer, Handler, Posted, READY, Wake};
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;
    use std::sync::Arc;
    use std::time::Duration;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::{Closure, JsValue};

    /// The worker script, beside the page (the site's build writes it).
    const SCRIPT: &str = "./worker.js";

    pub(super) fn available() -> usize {
        web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as usize)
    }

    pub(super) fn serve(handler: Handler) {
        let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| {
                if let Some(text) = event.data().as_string() {
                    handler(&text);
                }
            },
        );
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The worker lives as long as its page: so does its handler.
        on_message.forget();
        post(READY);
    }

    pub(super) fn post(message: &str) {
        if let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() {
            let _ = scope.post_message(&JsValue::from_str(message));
        }
    }

    type Inbox = Rc<RefCell<VecDeque<(usize, Posted)>>>;

    /// The closures a worker calls; kept alive while it is.
    struct Listeners {
        _message: Closure<dyn FnMut(web_sys::MessageEvent)>,
        _error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
    }

    pub(super) struct Pool {
        workers: Vec<web_sys::Worker>,
        inbox: Inbox,
        _listeners: Vec<Listeners>,
    }

    /// What a worker's callbacks do with what it posted: answer it at once, or keep it
    /// for `try_recv`; then wake the app.
    struct Take {
        index: usize,
        worker: web_sys::Worker,
        inbox: Inbox,
        answer: Option<Answer>,
        wake: Wake,
    }

    impl Take {
        fn took(&self, posted: Posted) {
            match &self.answer {
                Some(answer) => {
                    for m in answer(self.index, posted) {
                        let _ = self.worker.post_message(&JsValue::from_str(&m));
                    }
                }
                None => self.inbox.borrow_mut().push_back((self.index, posted)),
            }
            (self.wake)();
        }
    }

    fn js_error(what: &str, e: &JsValue) -> std::io::Error {
        std::io::Error::other(format!("{what}: {e:?}"))
    }

    impl Pool {
        pub(super) fn start(
            count: usize,
            _handler: Handler,
            wake: Wake,
            answer: Option<Answer>,
        ) -> std::io::Result<Pool> {
            let inbox: Inbox = Rc::default();
            let mut workers = Vec::with_capacity(count);
            let mut listeners = Vec::with_capacity(count);
            for index in 0..count {
                let options = web_sys::WorkerOptions::new();
                options.set_type(web_sys::WorkerType::Module);
                let worker = web_sys::Worker::new_with_options(SCRIPT, &options)
                    .map_err(|e| js_error("could not start a worker", &e))?;
                let take = Take {
                    index,
                    worker: worker.clone(),
                    inbox: Rc::clone(&inbox),
                    answer: answer.clone(),
                    wake: Arc::clone(&wake),
                };
                let message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
                    move |event: web_sys::MessageEvent| {
                        let text = event.data().as_string().unwrap_or_default();
                        take.took(Posted::Message(text));
                    },
                );
                let take = Take {
                    index,
                    worker: worker.clone(),
                    inbox: Rc::clone(&inbox),
                    answer: answer.clone(),
                    wake: Arc::clone(&wake),
                };
                let error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(
                    move |event: web_sys::ErrorEvent| {
                        event.prevent_default();
                        take.took(Posted::Failed(event.message()));
                    },
                );
                worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
                worker.set_onerror(Some(error.as_ref().unchecked_ref()));
                workers.push(worker);
                listeners.push(Listeners {
                    _message: message,
                    _error: error,
                });
            }
            Ok(Pool {
                workers,
                inbox,
                _listeners: listeners,
            })
        }

        pub(super) fn len(&self) -> usize {
            self.workers.len()
        }

        pub(super) fn send(&self, worker: usize, message: &str) {
            if let Some(w) = self.workers.get(worker) {
                let _ = w.post_message(&JsValue::from_str(message));
            }
        }

        pub(super) fn try_recv(&self) -> Option<(usize, Posted)> {
            self.inbox.borrow_mut().pop_front()
        }

        pub(super) fn recv_timeout(&self, _timeout: Duration) -> Option<(usize, Posted)> {
            self.try_recv()
        }

        pub(super) fn terminate(&mut self) {
            for w in &self.workers {
                w.set_onmessage(None);
                w.set_onerror(None);
                w.terminate();
            }
            self.inbox.borrow_mut().clear();
        }
    }
}
