//! tictactoe: to be written.
