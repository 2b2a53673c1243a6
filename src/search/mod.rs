//! The search engine: everything generic over [`crate::game::Game`].
