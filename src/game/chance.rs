//! Exact values where nature moves: probabilities as fractions, the scale that keeps a
//! chance node's weighted mean a whole number, and values written back in the game's
//! own units.
//!
//! The engine's values are `i32`. A chance node's value is a weighted mean, which need
//! not be whole: 1/2·3 + 1/2·1 = 2, but 1/2·3 + 1/2·2 = 2.5. A game with chance nodes
//! therefore multiplies every value by a *scale* ([`crate::game::Game::value_scale`])
//! chosen so that every mean a search takes is whole: if the probabilities' denominators
//! all divide `D` and a path meets at most `K` chance nodes, the scale `D^K` does it
//! (a value below `k` chance nodes is a multiple of `D^(K-k)`; a mean over weights whose
//! sum divides `D` is then a multiple of `D^(K-k-1)`). Two different values never round
//! together, because nothing is rounded. Displays divide by the scale
//! ([`scaled_text`]): exactly when the quotient has at most six decimals, else to six
//! decimals, with the exact fraction beside it where there is room ([`exact_fraction`]).

use std::fmt;

use super::FormatError;

/// The largest scaled magnitude a value may have: far inside the engine's infinity
/// (10^9), so sums and negations never overflow.
pub const MAX_SCALED: i64 = 100_000_000;

/// The largest denominator a probability may have.
pub const MAX_DENOMINATOR: u32 = 1_000_000;

/// The greatest common divisor.
#[must_use]
pub fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The least common multiple, `None` on overflow.
#[must_use]
pub fn lcm(a: u64, b: u64) -> Option<u64> {
    if a == 0 || b == 0 {
        return Some(0);
    }
    (a / gcd(a, b)).checked_mul(b)
}

/// A probability as a reduced fraction `num/den`, `0 < num <= den`, remembering whether
/// it was written as a decimal so that it is written back the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prob {
    /// The numerator.
    pub num: u32,
    /// The denominator, at most [`MAX_DENOMINATOR`].
    pub den: u32,
    /// Written as a decimal (`0.25`) rather than a fraction (`1/4`).
    pub decimal: bool,
}

impl Prob {
    /// Reads `1/6`, `0.25`, `.5` or `1`. Errors name the problem; the caller adds the
    /// column.
    pub fn parse(text: &str) -> Result<Prob, String> {
        let bad = || {
            format!(
                "'{text}' is not a probability: write a fraction such as 1/6 or a decimal such as 0.25"
            )
        };
        let (num, den, decimal) = if let Some((n, d)) = text.split_once('/') {
            let n: u64 = digits(n).ok_or_else(bad)?;
            let d: u64 = digits(d).ok_or_else(bad)?;
            (n, d, false)
        } else if let Some((whole, frac)) = text.split_once('.') {
            if frac.len() > 6 || (whole.is_empty() && frac.is_empty()) {
                return Err(if frac.len() > 6 {
                    format!("'{text}' has more than 6 decimals: write it as a fraction")
                } else {
                    bad()
                });
            }
            let whole = if whole.is_empty() {
                0
            } else {
                digits(whole).ok_or_else(bad)?
            };
            let f = if frac.is_empty() {
                0
            } else {
                digits(frac).ok_or_else(bad)?
            };
            let den = 10u64.pow(frac.len() as u32);
            (whole.saturating_mul(den).saturating_add(f), den, true)
        } else {
            (digits(text).ok_or_else(bad)?, 1, false)
        };
        if den == 0 {
            return Err(format!("'{text}' divides by zero"));
        }
        if num == 0 {
            return Err(format!(
                "a probability of {text}: leave out an outcome that never happens"
            ));
        }
        if num > den {
            return Err(format!("'{text}' is more than 1"));
        }
        let g = gcd(num, den);
        let (num, den) = (num / g, den / g);
        if den > u64::from(MAX_DENOMINATOR) {
            return Err(format!(
                "'{text}' needs a denominator above {MAX_DENOMINATOR}: use a simpler fraction"
            ));
        }
        Ok(Prob {
            num: num as u32,
            den: den as u32,
            decimal,
        })
    }
}

impl Prob {
    /// The probability `num / den` in lowest terms, written as a fraction; refused when
    /// it is not in (0, 1] or needs a denominator above [`MAX_DENOMINATOR`].
    pub fn ratio(num: u128, den: u128) -> Result<Prob, String> {
        if num == 0 || den == 0 || num > den {
            return Err(format!("{num}/{den} is not a probability"));
        }
        let g = gcd128(num, den);
        let (num, den) = (num / g, den / g);
        if den > u128::from(MAX_DENOMINATOR) {
            return Err(format!(
                "{num}/{den} needs a denominator above {MAX_DENOMINATOR}: choose simpler probabilities"
            ));
        }
        Ok(Prob {
            num: num as u32,
            den: den as u32,
            decimal: false,
        })
    }

    /// This probability times `num / den` (a share of it), in lowest terms.
    pub fn times(self, num: u128, den: u128) -> Result<Prob, String> {
        Prob::ratio(u128::from(self.num) * num, u128::from(self.den) * den)
    }
}

fn gcd128(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd128(b, a % b) }
}

impl fmt::Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.decimal
            && let Some(places) = decimal_places(u64::from(self.den))
        {
            let text = decimal_text(i64::from(self.num), u64::from(self.den), places);
            return f.write_str(&text);
        }
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// A run of ASCII digits as a number (saturating), `None` if empty or not digits.
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u64, |n, b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

/// Integer weights over a common denominator for `probs`: `(weights, total)`, where the
/// total is the denominators' least common multiple. Refuses probabilities that do not
/// sum to exactly 1, saying what they sum to.
pub fn weights(probs: &[Prob]) -> Result<(Vec<u32>, u32), FormatError> {
    let mut total: u64 = 1;
    for p in probs {
        total = lcm(total, u64::from(p.den))
            .filter(|&t| t <= u64::from(u32::MAX))
            .ok_or_else(|| {
                FormatError::whole("the probabilities' common denominator is too large")
            })?;
    }
    let weights: Vec<u64> = probs
        .iter()
        .map(|p| u64::from(p.num) * (total / u64::from(p.den)))
        .collect();
    let sum: u64 = weights.iter().sum();
    if sum != total {
        let g = gcd(sum, total);
        return Err(FormatError::whole(format!(
            "the probabilities sum to {}/{} ({}), not 1",
            sum / g,
            total / g,
            decimal_text(sum as i64, total, 6)
        )));
    }
    Ok((
        weights.into_iter().map(|w| w as u32).collect(),
        total as u32,
    ))
}

/// How many decimals `den` needs for an exact decimal (it divides `10^k`, `k <= 6`).
fn decimal_places(den: u64) -> Option<u32> {
    (0..=6).find(|&k| 10u64.pow(k).is_multiple_of(den))
}

/// `num/den` with `places` decimals (rounded half away from zero), trailing zeros
/// trimmed.
fn decimal_text(num: i64, den: u64, places: u32) -> String {
    let scale = 10i128.pow(places);
    let n = i128::from(num) * scale;
    let d = i128::from(den);
    let q = (n.abs() + d / 2) / d;
    let sign = if num < 0 && q != 0 { "-" } else { "" };
    let whole = q / scale;
    let frac = q % scale;
    if places == 0 || frac == 0 {
        return format!("{sign}{whole}");
    }
    let text = format!("{frac:0width$}", width = places as usize);
    format!("{sign}{whole}.{}", text.trim_end_matches('0'))
}

/// A scaled engine value in the game's own units: `value / scale` exactly when it has at
/// most six decimals (`2`, `2.1`, `-0.25`), else rounded to six (`2.333333`).
#[must_use]
pub fn scaled_text(value: i64, scale: u32) -> String {
    let scale = u64::from(scale.max(1));
    if scale == 1 {
        return value.to_string();
    }
    let g = gcd(value.unsigned_abs(), scale);
    let den = scale / g;
    let places = decimal_places(den).unwrap_or(6);
    decimal_text(value, scale, places)
}

/// The exact fraction `value / scale` in lowest terms (`7/3`) when [`scaled_text`] had to
/// round it; `None` when that text is exact.
#[must_use]
pub fn exact_fraction(value: i64, scale: u32) -> Option<String> {
    let scale = u64::from(scale.max(1));
    let g = gcd(value.unsigned_abs(), scale);
    let den = scale / g;
    decimal_places(den)
        .is_none()
        .then(|| format!("{}/{den}", value / g as i64))
}

/// Reads a value in the game's own units (`2`, `-2.1`, `7/3`) as engine units at
/// `scale`; refuses a value that is not a whole number of units (it could not be the
/// value of a position at that scale).
pub fn parse_scaled(text: &str, scale: u32) -> Result<i32, String> {
    let bad = || format!("'{text}' is not a value: write a number such as 3, -2.1 or 7/3");
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (num, den): (u64, u64) = if let Some((n, d)) = body.split_once('/') {
        (digits(n).ok_or_else(bad)?, digits(d).ok_or_else(bad)?)
    } else if let Some((whole, frac)) = body.split_once('.') {
        if frac.len() > 9 {
            return Err(bad());
        }
        let w = if whole.is_empty() {
            0
        } else {
            digits(whole).ok_or_else(bad)?
        };
        let f = if frac.is_empty() {
            0
        } else {
            digits(frac).ok_or_else(bad)?
        };
        let den = 10u64.pow(frac.len() as u32);
        (w.saturating_mul(den).saturating_add(f), den)
    } else {
        (digits(body).ok_or_else(bad)?, 1)
    };
    if den == 0 {
        return Err(bad());
    }
    let scaled = u128::from(num) * u128::from(scale.max(1));
    if !scaled.is_multiple_of(u128::from(den)) {
        return Err(format!(
            "'{text}' is not a value this tree can have: its values are whole multiples of 1/{}",
            scale.max(1)
        ));
    }
    let units = scaled / u128::from(den);
    if units > MAX_SCALED as u128 {
        return Err(format!("'{text}' is out of range"));
    }
    let units = units as i32;
    Ok(if negative { -units } else { units })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_read_and_write_back() {
        let p = Prob::parse("1/6").unwrap();
        assert_eq!((p.num, p.den), (1, 6));
        assert_eq!(p.to_string(), "1/6");
        let p = Prob::parse("0.250").unwrap();
        assert_eq!((p.num, p.den), (1, 4));
        assert_eq!(p.to_string(), "0.25");
        assert_eq!(Prob::parse(".5").unwrap().to_string(), "0.5");
        assert_eq!(Prob::parse("2/4").unwrap().to_string(), "1/2");
        assert_eq!(Prob::parse("1").unwrap().to_string(), "1");
        for bad in ["0", "3/2", "1/0", "x", "0.1234567", "1/", "."] {
            assert!(Prob::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn weights_need_an_exact_sum_of_one() {
        let ps: Vec<Prob> = ["1/2", "1/3", "1/6"]
            .iter()
            .map(|t| Prob::parse(t).unwrap())
            .collect();
        assert_eq!(weights(&ps).unwrap(), (vec![3, 2, 1], 6));
        let ps: Vec<Prob> = ["0.5", "1/3"]
            .iter()
            .map(|t| Prob::parse(t).unwrap())
            .collect();
        let err = weights(&ps).unwrap_err().to_string();
        assert!(err.contains("sum to 5/6 (0.833333), not 1"), "{err}");
    }

    #[test]
    fn scaled_values_print_exactly_or_to_six_decimals() {
        assert_eq!(scaled_text(4, 2), "2");
        assert_eq!(scaled_text(21, 10), "2.1");
        assert_eq!(scaled_text(-1, 4), "-0.25");
        assert_eq!(scaled_text(7, 3), "2.333333");
        assert_eq!(scaled_text(-7, 3), "-2.333333");
        assert_eq!(scaled_text(5, 1), "5");
        assert_eq!(exact_fraction(7, 3).as_deref(), Some("7/3"));
        assert_eq!(exact_fraction(21, 10), None);
        assert_eq!(exact_fraction(12, 36).as_deref(), Some("1/3"));
        assert_eq!(parse_scaled("2.1", 10), Ok(21));
        assert_eq!(parse_scaled("-7/3", 3), Ok(-7));
        assert_eq!(parse_scaled("2", 6), Ok(12));
        assert!(parse_scaled("0.25", 10).is_err());
        assert!(parse_scaled("x", 1).is_err());
    }
}
