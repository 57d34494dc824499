//! One game per browser tab: every page opens a session of its own (its own
//! board state and its own engine process), so two tabs never fight over one
//! game. A session names itself on every request; sessions whose page has
//! not asked for anything in a while are closed (their engine quits) when a
//! new one opens.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::app::App;
use crate::engine::{EngineCommand, EngineLink};

/// The request header that names a page's session.
pub const SESSION_HEADER: &str = "X-Ludus-Session";
/// Sessions open at once (each runs an engine process).
pub const MAX_SESSIONS: usize = 16;
/// How long a session lives without a request from its page (an open page
/// asks at least every 20 s: it long-polls its state).
pub const IDLE_LIMIT: Duration = Duration::from_secs(15 * 60);

/// One page's board: its state, the signal that it changed, and when its
/// page last asked for anything.
pub struct Session {
    app: Mutex<App>,
    /// Signalled after every change of the state.
    pub changed: Condvar,
    seen: Mutex<Instant>,
}

impl Session {
    /// The session's state, locked.
    pub fn lock(&self) -> MutexGuard<'_, App> {
        // A panicking request thread must not take the board down with it.
        self.app.lock().unwrap_or_else(|poison| poison.into_inner())
    }

    fn touch(&self) {
        *self.seen.lock().unwrap_or_else(|p| p.into_inner()) = Instant::now();
    }

    fn idle(&self) -> Duration {
        self.seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .elapsed()
    }
}

/// Every open session, by id.
pub struct Sessions {
    engine: EngineCommand,
    open: Mutex<HashMap<String, Arc<Session>>>,
    /// Keyed by the operating system: ids nobody can predict.
    ids: RandomState,
    /// Sessions opened so far: no two ids are hashed from the same input.
    opened: AtomicU64,
}

impl Sessions {
    /// No sessions yet; each will run `engine`.
    pub fn new(engine: EngineCommand) -> Sessions {
        Sessions {
            engine,
            open: Mutex::new(HashMap::new()),
            ids: RandomState::new(),
            opened: AtomicU64::new(0),
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<Session>>> {
        self.open
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// Opens a session with a new board and its engine; closes idle ones
    /// first. Refused when [`MAX_SESSIONS`] pages are open.
    pub fn open(&self) -> Result<(String, Arc<Session>), String> {
        let mut open = self.map();
        open.retain(|_, session| session.idle() < IDLE_LIMIT);
        if open.len() >= MAX_SESSIONS {
            return Err(format!(
                "{MAX_SESSIONS} board pages are open already: close one and reload this one"
            ));
        }
        let id = self.new_id();
        let session = Arc::new(Session {
            app: Mutex::new(App::new()),
            changed: Condvar::new(),
            seen: Mutex::new(Instant::now()),
        });
        let weak = Arc::downgrade(&session);
        let link = EngineLink::spawn(self.engine.clone(), move |event| {
            if let Some(session) = weak.upgrade() {
                session.lock().on_event(event);
                session.changed.notify_all();
            }
        })?;
        session.lock().attach(Box::new(link));
        open.insert(id.clone(), Arc::clone(&session));
        Ok((id, session))
    }

    /// The session called `id`, marked as seen; the error says why there
    /// is none.
    pub fn get(&self, id: &str) -> Result<Arc<Session>, String> {
        let session = self.map().get(id).cloned().ok_or_else(|| {
            format!(
                "unknown session '{id}': this page's board was closed (no request for {} minutes)",
                IDLE_LIMIT.as_secs() / 60
            )
        })?;
        session.touch();
        Ok(session)
    }

    /// Sessions open now.
    pub fn count(&self) -> usize {
        self.map().len()
    }

    fn new_id(&self) -> String {
        let mut hasher = self.ids.build_hasher();
        hasher.write_u64(self.opened.fetch_add(1, Ordering::Relaxed));
        let time = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        hasher.write_u128(time);
        format!("{:016x}", hasher.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sessions() -> Sessions {
        Sessions::new(EngineCommand {
            program: "/nonexistent/engine".to_string(),
            args: Vec::new(),
        })
    }

    #[test]
    fn each_session_has_its_own_game() {
        let sessions = sessions();
        let (a, first) = sessions.open().unwrap();
        let (b, second) = sessions.open().unwrap();
        assert_ne!(a, b);
        let engine = json!({"plays": "none"});
        first.lock().request("engine", engine).unwrap();
        first
            .lock()
            .request("move", json!({"move": "4-5"}))
            .unwrap();
        second
            .lock()
            .request("new", json!({"game": "wyke"}))
            .unwrap();
        let first = sessions.get(&a).unwrap();
        assert_eq!(first.lock().game().table().moves(), ["4-5"]);
        assert_eq!(first.lock().game().table().name(), "alak");
        let second = sessions.get(&b).unwrap();
        assert_eq!(second.lock().game().table().name(), "wyke");
        assert_eq!(sessions.count(), 2);
    }

    #[test]
    fn unknown_sessions_are_explained() {
        let sessions = sessions();
        let unknown = sessions.get("feed").err().unwrap();
        assert!(unknown.contains("unknown session 'feed'"), "{unknown}");
    }

    #[test]
    fn too_many_sessions_are_refused() {
        let sessions = sessions();
        for _ in 0..MAX_SESSIONS {
            sessions.open().unwrap();
        }
        let refusal = sessions.open().err().unwrap();
        assert!(refusal.contains("close one"), "{refusal}");
        assert_eq!(sessions.count(), MAX_SESSIONS);
    }
}
