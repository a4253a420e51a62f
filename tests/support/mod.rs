//! Test support shared by the differential and conformance suites: an
//! independent interpreter of the grammar files ([`interp`]) and seeded input
//! generation ([`gen`]). Each test crate uses a different part of it.
#![allow(dead_code)]

pub mod gen;
pub mod interp;
pub mod rng;
