//! random_tree: to be written.
