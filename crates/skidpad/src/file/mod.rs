//! Vehicle files: TOML that maps onto [`VehicleParams`](crate::VehicleParams), with errors
//! that name the file, the line and the key.
//!
//! # Schema
//!
//! The file **is** the serde form of [`VehicleParams`](crate::VehicleParams): every table and
//! key is the field of the same name (`[chassis]`, `[[wheels]]`, `[wheels.suspension]`,
//! `[wheels.tire]`, `[[anti_roll_bars]]`, `[steering]`, `[drivetrain.engine]`, ...), in SI
//! units, with the documented defaults for anything left out, and unknown keys rejected
//! (`deny_unknown_fields` everywhere). There is no second, parallel schema to drift: a field
//! added to a params struct is a key of the file. On top of that, the loader rewrites a
//! handful of conveniences *before* serde sees the document, keeping every key's position:
//!
//! | In the file | Becomes | Rule |
//! |---|---|---|
//! | `[wheel_defaults]` (any wheel key or sub-table) | each `[[wheels]]` entry | merged key by key; a wheel's own key wins |
//! | `chassis.inertia_diagonal = [Ixx, Iyy, Izz]` | `chassis.inertia` | diagonal tensor |
//! | `chassis.bounding_box = [l, w, h]` | `chassis.inertia` | [`box_inertia`](crate::chassis::box_inertia)`(mass, size)` |
//! | `wheels.tire.tir = "path.tir"` | `wheels.tire.model` (Magic Formula) | path relative to the vehicle file; the file's relaxation lengths unless `relaxation` is given |
//! | suffixed keys, see [`CONVENIENCE_KEYS`] | the SI key | converted once: `_deg` → rad, `_deg_per_s` → rad/s, `_rpm` → rad/s (`× π/30`), `_kmh` → m/s |
//!
//! `chassis.inertia` is 9 numbers, column-major (symmetric, so either order reads the same);
//! only one of `inertia`, `inertia_diagonal`, `bounding_box` may be given, and a suffixed
//! key and its SI key (`max_steer_deg` and `max_steer`) may not both be. The suffixed keys:
//!
//! | Table | Key | SI key |
//! |---|---|---|
//! | `wheels`, `wheel_defaults` | `max_steer_deg` | `max_steer` (rad) |
//! | `steering` | `max_rate_deg_per_s` | `max_rate` (rad/s) |
//! | `contact.rejection` | `max_normal_angle_deg`, `max_point_angle_deg` | rad |
//! | `sim` | `substep_threshold_speed_kmh` | m/s |
//! | `drivetrain.engine` | `redline_rpm` or `max_speed_rpm`; `idle_rpm` or `idle_speed_rpm` | `max_speed`, `idle_speed` (rad/s) |
//! | `drivetrain.clutch` | `engage_rpm` or `engage_speed_rpm` | `engage_speed` (rad/s) |
//! | `drivetrain.aids.esc` | `characteristic_speed_kmh`, `min_speed_kmh` | m/s |
//! | `stability.anti_rollover` | `max_angle_deg` | rad |
//! | `stability.hill_hold` | `engage_speed_kmh` | m/s |
//! | `stability.yaw_damping` | `min_speed_kmh`, `fade_speed_kmh` | m/s |
//!
//! Why this shape, rather than a `VehicleFile` struct mirroring every params struct: the
//! conveniences are few and local, so rewriting the spanned document (toml's
//! [`DeTable`](toml::de::DeTable)) keeps the params types the single schema, keeps the
//! original spans for every error (serde's, and `validate()`'s mapped back by field path),
//! and needs no `#[serde(flatten)]` (which would defeat `deny_unknown_fields`).
//!
//! # Errors
//!
//! Every failure is a [`ConfigError`] displayed as `file:line:column: key: message`:
//!
//! | Cause | Line and key |
//! |---|---|
//! | TOML syntax | where the parser stopped; the key being read |
//! | unknown key, wrong type, missing key | serde's span, mapped to the key path in the file |
//! | `validate()` ([`ParamError`](crate::ParamError) path, e.g. `wheels[2].suspension.spring_rate`) | the key that set the value (in `[wheel_defaults]` if it came from there; the suffixed key if converted); if the file does not set it, the deepest enclosing table and "(not set in the file: the default applies)" |
//! | `.tir` file unreadable or malformed | the `tir` key; the message carries the `.tir` file's own line and key ([`ConfigErrorKind::Tir`]) |
//!
//! # Example
//!
//! ```toml
//! name = "my_car"
//! [chassis]
//! mass = 1500.0
//! bounding_box = [4.6, 1.8, 1.4]
//! com_offset = [0.15, 0.0, 0.23]
//!
//! [wheel_defaults]
//! radius = 0.316
//! suspension = { spring_rate = 32000.0, bump_damping = 2200.0, rebound_damping = 3300.0 }
//! tire.tir = "tires/205_55R16.tir"
//!
//! [[wheels]]
//! name = "fl"
//! position = [1.35, 0.775, 0.0]
//! max_steer_deg = 35
//! # ... three more [[wheels]]
//!
//! [drivetrain]
//! kind = "engine"
//! engine = { peak_torque = 320.0, redline_rpm = 6500, idle_rpm = 800 }
//! ```
//!
//! Limits: a suffixed key inside an inline array of tables is not seen (write such tables
//! with `[[...]]` headers or use SI); a `.tir` file's parse warnings are dropped.

mod error;
mod tree;
mod vehicle;

pub use error::{ConfigError, ConfigErrorKind};
pub use vehicle::{CONVENIENCE_KEYS, ConvenienceKey, Unit};
