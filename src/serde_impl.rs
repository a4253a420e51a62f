//! `serde` support (feature `serde`): the four IRI types serialize as their
//! text, and deserialize by parsing it, so a deserialized value is always
//! valid (an invalid string is a deserialization error carrying the parse
//! error's message).
//!
//! The borrowed forms (`IriRef<&str>`, ...) deserialize without a copy from
//! formats that can lend their input (a JSON string without escapes); the
//! owned forms (`String`, `Box<str>`, `Arc<str>`, `Rc<str>`) from any
//! string.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::sync::Arc;
use core::fmt;

use serde::de::{Deserialize, Deserializer, Error, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{AbsoluteIri, Iri, IriRef, RelativeRef};

/// Accepts a string, owned or borrowed, and hands it to `parse`.
struct Expecting<F>(&'static str, F);

impl<'de, V, F: FnOnce(String) -> Result<V, crate::ParseError>> Visitor<'de> for Expecting<F> {
    type Value = V;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a string that is an {}", self.0)
    }

    fn visit_str<E: Error>(self, v: &str) -> Result<V, E> {
        (self.1)(String::from(v)).map_err(E::custom)
    }

    fn visit_string<E: Error>(self, v: String) -> Result<V, E> {
        (self.1)(v).map_err(E::custom)
    }
}

/// Accepts only a string borrowed from the input.
struct Borrowed<F>(&'static str, F);

impl<'de, V, F: FnOnce(&'de str) -> Result<V, crate::ParseError>> Visitor<'de> for Borrowed<F> {
    type Value = V;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a borrowed string that is an {}", self.0)
    }

    fn visit_borrowed_str<E: Error>(self, v: &'de str) -> Result<V, E> {
        (self.1)(v).map_err(E::custom)
    }
}

macro_rules! serde_impls {
    ($Type:ident, $rule:literal) => {
        impl<T: AsRef<str>> Serialize for $Type<T> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de: 'a, 'a> Deserialize<'de> for $Type<&'a str> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(Borrowed($rule, $Type::parse))
            }
        }

        impl<'de> Deserialize<'de> for $Type<String> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_string(Expecting($rule, $Type::try_from))
            }
        }

        impl<'de> Deserialize<'de> for $Type<Box<str>> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_string(Expecting($rule, |s: String| {
                    $Type::parse(s.into_boxed_str())
                }))
            }
        }

        impl<'de> Deserialize<'de> for $Type<Arc<str>> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer
                    .deserialize_string(Expecting($rule, |s: String| $Type::parse(Arc::from(s))))
            }
        }

        impl<'de> Deserialize<'de> for $Type<Rc<str>> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer
                    .deserialize_string(Expecting($rule, |s: String| $Type::parse(Rc::from(s))))
            }
        }
    };
}

serde_impls!(IriRef, "IRI-reference");
serde_impls!(Iri, "IRI");
serde_impls!(AbsoluteIri, "absolute-IRI");
serde_impls!(RelativeRef, "irelative-ref");
