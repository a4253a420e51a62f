//! Many inputs through one DFA, four walks at a time.
//!
//! A table walk is bound by the latency of its loads: each byte's load
//! waits for the previous byte's. Four independent walks interleaved in
//! one loop keep four such chains in flight, so short inputs (a crawler's
//! URLs, an RDF loader's IRIs) go through up to twice as fast as one after
//! another. [`Batch`] takes inputs four at a time from any iterator and
//! yields each verdict in order; the last one to three go alone.

use super::Dfa;

/// The verdicts of [`Dfa::recognize`] on each input of `inputs`, in order,
/// computed four at a time (see the module docs).
pub(crate) struct Batch<'a, I> {
    dfa: &'static Dfa,
    inputs: I,
    ready: [(&'a [u8], Result<(), usize>); 4],
    next: usize,
    len: usize,
}

impl<'a, I: Iterator<Item = &'a [u8]>> Batch<'a, I> {
    pub(crate) fn new(dfa: &'static Dfa, inputs: I) -> Self {
        Batch {
            dfa,
            inputs,
            ready: [(&[], Ok(())); 4],
            next: 0,
            len: 0,
        }
    }

    /// Reads up to four more inputs and judges them.
    fn refill(&mut self) {
        let mut taken: [&'a [u8]; 4] = [&[]; 4];
        let mut len = 0;
        for slot in &mut taken {
            match self.inputs.next() {
                Some(input) => {
                    *slot = input;
                    len += 1;
                }
                None => break,
            }
        }
        let verdicts = if len == 4 {
            self.dfa.recognize4(taken)
        } else {
            taken.map(|input| self.dfa.recognize(input))
        };
        for (i, (input, verdict)) in taken.into_iter().zip(verdicts).enumerate() {
            self.ready[i] = (input, verdict);
        }
        self.next = 0;
        self.len = len;
    }
}

impl<'a, I: Iterator<Item = &'a [u8]>> Iterator for Batch<'a, I> {
    /// An input and its verdict.
    type Item = (&'a [u8], Result<(), usize>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.next == self.len {
            self.refill();
        }
        let item = *self.ready[..self.len].get(self.next)?;
        self.next += 1;
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let (low, high) = self.inputs.size_hint();
        let ready = self.len - self.next;
        (
            low.saturating_add(ready),
            high.and_then(|h| h.checked_add(ready)),
        )
    }
}
