//! The direct per-wheel commands in force ([`super::Controls::Direct`]), sized by the number
//! of commands given.
//!
//! Up to [`INLINE_COMMANDS`] commands (cars, karts, trikes) live inline, so setting and
//! copying them never allocates; more (up to [`crate::MAX_WHEELS`]) live in one heap block
//! that [`WheelCommands::set`] and [`Clone::clone_from`] reuse when the count is the same
//! (a host that sets the commands of a 6-wheel truck every step allocates once). Before this
//! type the controls held [`crate::MAX_WHEELS`] commands for any vehicle (20 × 24 B in every
//! `Vehicle`); the room is what the wheels' per-substep frame uses
//! ([`crate::wheel::WheelState`]).
//!
//! A wheel without a command of its own gets [`WheelCommand::default`] (zero torques and
//! angle), as before: [`WheelCommands::get`].

use super::WheelCommand;
use std::fmt;

/// How many commands [`WheelCommands`] holds without a heap block.
pub const INLINE_COMMANDS: usize = 4;

/// The direct commands given, in wheel order (see the [module docs](self)). Its `Debug` form
/// is the slice's.
#[derive(PartialEq)]
pub struct WheelCommands(Store);

/// Inline up to [`INLINE_COMMANDS`], else one heap block of exactly the count.
#[derive(PartialEq)]
enum Store {
    Inline {
        len: usize,
        slots: [WheelCommand; INLINE_COMMANDS],
    },
    Heap(Box<[WheelCommand]>),
}

impl WheelCommands {
    /// The commands `cmds` (already sanitised). Allocates one block when there are more
    /// than [`INLINE_COMMANDS`].
    pub fn new(cmds: &[WheelCommand]) -> Self {
        let mut out = Self(Store::Inline {
            len: 0,
            slots: [WheelCommand::default(); INLINE_COMMANDS],
        });
        out.set(cmds);
        out
    }

    /// Replace the commands by `cmds`, in the existing storage when it fits: no allocation
    /// for up to [`INLINE_COMMANDS`] commands or for as many as a heap block holds.
    pub fn set(&mut self, cmds: &[WheelCommand]) {
        match &mut self.0 {
            Store::Heap(b) if b.len() == cmds.len() => b.copy_from_slice(cmds),
            _ if cmds.len() <= INLINE_COMMANDS => {
                let mut slots = [WheelCommand::default(); INLINE_COMMANDS];
                slots[..cmds.len()].copy_from_slice(cmds);
                self.0 = Store::Inline {
                    len: cmds.len(),
                    slots,
                };
            }
            _ => self.0 = Store::Heap(cmds.into()),
        }
    }

    /// The commands given (one per wheel from the first).
    pub fn as_slice(&self) -> &[WheelCommand] {
        match &self.0 {
            Store::Inline { len, slots } => &slots[..*len],
            Store::Heap(b) => b,
        }
    }

    /// Wheel `i`'s command: the one given, or [`WheelCommand::default`] for a wheel without
    /// one (zero torques and angle).
    #[inline]
    pub fn get(&self, i: usize) -> WheelCommand {
        self.as_slice().get(i).copied().unwrap_or_default()
    }

    /// Whether the commands live in a heap block (more than [`INLINE_COMMANDS`]).
    pub fn is_heap(&self) -> bool {
        matches!(self.0, Store::Heap(_))
    }
}

impl Clone for WheelCommands {
    fn clone(&self) -> Self {
        Self::new(self.as_slice())
    }

    /// Copies into `self`'s storage when the counts match (no allocation).
    fn clone_from(&mut self, source: &Self) {
        self.set(source.as_slice());
    }
}

impl fmt::Debug for WheelCommands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmds(n: usize) -> Vec<WheelCommand> {
        (0..n)
            .map(|i| WheelCommand {
                drive_torque: i as f64 + 1.0,
                brake_torque: 2.0 * i as f64,
                steer_angle: 0.01 * i as f64,
            })
            .collect()
    }

    #[test]
    fn holds_the_commands_given_and_defaults_beyond() {
        for n in [0, 1, 4, 5, 8, crate::MAX_WHEELS] {
            let c = WheelCommands::new(&cmds(n));
            assert_eq!(c.as_slice(), &cmds(n)[..]);
            assert_eq!(c.is_heap(), n > INLINE_COMMANDS);
            for i in 0..crate::MAX_WHEELS {
                let want = cmds(n).get(i).copied().unwrap_or_default();
                assert_eq!(c.get(i), want);
            }
            assert_eq!(format!("{c:?}"), format!("{:?}", &cmds(n)[..]));
        }
    }

    #[test]
    fn set_and_clone_from_reuse_the_block() {
        let mut c = WheelCommands::new(&cmds(6));
        let before = c.as_slice().as_ptr();
        let mut other = cmds(6);
        other[5].drive_torque = -7.0;
        c.set(&other);
        assert_eq!(c.as_slice().as_ptr(), before);
        assert_eq!(c.as_slice(), &other[..]);
        c.clone_from(&WheelCommands::new(&cmds(6)));
        assert_eq!(c.as_slice().as_ptr(), before);
        assert_eq!(c, WheelCommands::new(&cmds(6)));
        c.set(&cmds(3));
        assert!(!c.is_heap());
        assert_eq!(c.as_slice(), &cmds(3)[..]);
    }
}
