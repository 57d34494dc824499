//! A number the search decides by, as one place names it: its default and
//! the range a tuner may try. In the default build [`Param::get`] is the
//! default, a constant the compiler folds in; built with the feature
//! `tune`, every parameter is a spin option of the protocol (named as its
//! constant, e.g. `setoption name RFP_MARGIN value 110`), so a match can
//! set it without a rebuild (`ludus spsa` tunes them so).

/// One tunable number of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name: the constant's, and the option's in a `tune` build.
    pub name: &'static str,
    /// The value the default build uses.
    pub default: i32,
    /// The least value a tuner may set.
    pub min: i32,
    /// The largest value a tuner may set.
    pub max: i32,
    /// Its place among the tunable parameters (`params::TUNABLE`).
    slot: usize,
}

impl Param {
    /// The parameter `name` in `slot`, `default` within `min..=max`.
    pub(super) const fn new(
        name: &'static str,
        slot: usize,
        default: i32,
        min: i32,
        max: i32,
    ) -> Self {
        assert!(
            min <= default && default <= max,
            "a default outside its range"
        );
        assert!(
            slot < MAX_TUNABLE,
            "more tunable parameters than MAX_TUNABLE"
        );
        // i32::MIN marks a tuning build's value not set.
        assert!(min > i32::MIN, "a range down to i32::MIN");
        Param {
            name,
            default,
            min,
            max,
            slot,
        }
    }

    /// Its value: the default, a constant.
    #[cfg(not(feature = "tune"))]
    #[inline(always)]
    pub const fn get(&self) -> i32 {
        self.default
    }

    /// Its value: as last set (see [`Param::set`]), else the default.
    #[cfg(feature = "tune")]
    #[inline]
    pub fn get(&self) -> i32 {
        tuned::value(self)
    }

    /// Its value as a count (every count's range starts at 0 or above).
    #[inline(always)]
    pub fn count(&self) -> usize {
        self.get().max(0) as usize
    }

    /// Its value read as a ratio in `unit`ths (`per(100)`: a percentage).
    #[inline]
    pub fn per(&self, unit: i32) -> f64 {
        f64::from(self.get()) / f64::from(unit)
    }

    /// Sets its value for every later search of this process; a value out
    /// of range is refused with the reason.
    #[cfg(feature = "tune")]
    pub fn set(&self, value: i64) -> Result<(), String> {
        if value < i64::from(self.min) || value > i64::from(self.max) {
            return Err(format!(
                "option '{}': {value} is outside {}..={}",
                self.name, self.min, self.max
            ));
        }
        tuned::set(self, value as i32);
        Ok(())
    }

    /// Its declaration as a spin option.
    pub fn declaration(&self) -> String {
        format!(
            "option name {} type spin default {} min {} max {}",
            self.name, self.default, self.min, self.max
        )
    }
}

/// The values a `tune` build's options set, by slot: a slot never set
/// holds [`tuned::UNSET`] and reads as its parameter's default.
#[cfg(feature = "tune")]
mod tuned {
    use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

    use super::{Param, MAX_TUNABLE};

    /// A slot no option has set.
    pub(super) const UNSET: i32 = i32::MIN;

    static VALUES: [AtomicI32; MAX_TUNABLE] = [const { AtomicI32::new(UNSET) }; MAX_TUNABLE];

    pub(super) fn value(param: &Param) -> i32 {
        match VALUES[param.slot].load(Relaxed) {
            UNSET => param.default,
            value => value,
        }
    }

    pub(super) fn set(param: &Param, value: i32) {
        VALUES[param.slot].store(value, Relaxed);
    }
}

/// The most tunable parameters there may be (the slots a `tune` build
/// keeps their values in).
pub const MAX_TUNABLE: usize = 64;

/// Declares the tunable parameters: each `NAME = default, min..=max;`
/// with its doc comment becomes a `pub const NAME: Param`, and all of
/// them, in order, the slice `TUNABLE`.
macro_rules! tunable {
    ($( $(#[doc = $doc:expr])* $name:ident = $default:expr, $min:literal ..= $max:literal; )*) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum Slot { $( $name, )* }
        $(
            $(#[doc = $doc])*
            pub const $name: Param =
                Param::new(stringify!($name), Slot::$name as usize, $default, $min, $max);
        )*
        /// Every tunable parameter, in the order they are declared.
        pub const TUNABLE: &[Param] = &[ $( $name, )* ];
    };
}
pub(super) use tunable;

#[cfg(test)]
mod tests {
    use crate::search::params::{RFP_MARGIN, TUNABLE};

    #[test]
    fn every_parameter_has_its_own_name_and_a_default_in_its_range() {
        for (i, param) in TUNABLE.iter().enumerate() {
            assert!(param.min <= param.default && param.default <= param.max);
            // (A tuning build's values may be set by the test below.)
            #[cfg(not(feature = "tune"))]
            assert_eq!(param.get(), param.default, "{}", param.name);
            assert!(
                TUNABLE[..i].iter().all(|other| other.name != param.name),
                "{} twice",
                param.name
            );
            assert!(param
                .declaration()
                .starts_with(&format!("option name {} type spin", param.name)));
        }
        assert_eq!(RFP_MARGIN.name, "RFP_MARGIN");
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_tuning_build_sets_a_value_in_range_and_refuses_others() {
        use crate::search::params::ASPIRATION_DELTA as P;
        assert!(P.set(i64::from(P.max) + 1).is_err());
        assert_eq!(P.get(), P.default);
        P.set(i64::from(P.min)).unwrap();
        assert_eq!(P.get(), P.min);
        P.set(i64::from(P.default)).unwrap();
    }
}
