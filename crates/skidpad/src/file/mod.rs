//! Configuration files: vehicle files (TOML that maps onto
//! [`VehicleParams`](crate::VehicleParams)) and the shared machinery of every skidpad file
//! (the CLI's scenario files use it too), with errors that name the file, the line and the key.
//!
//! # Conventions (every file)
//!
//! - **Keys are SI quantities without a unit suffix**: `mass` (kg), `max_steer` (rad),
//!   `speed` (m/s), `duration` (s), `x_min` (m). The unit is in the field's documentation.
//! - **A unit suffix means a conversion**: a key `<si_key><suffix>` gives the SI key in
//!   another unit and is converted once, at load. The suffixes: `_deg` (→ rad), `_deg_per_s`
//!   (→ rad/s), `_rpm` (→ rad/s, `× π/30`), `_kmh` (→ m/s, `÷ 3.6`), `_pct` (→ a ratio,
//!   `÷ 100`) ([`Unit`]). Each file type lists its suffixed keys ([`ConvenienceKey`];
//!   vehicles: [`CONVENIENCE_KEYS`]); there is exactly one per SI key, and a file may give
//!   one of the two, never both.
//! - **Errors** are [`ConfigError`]s, `file:line:column: key.path: message`, the key path as
//!   written in the file (`wheels[2].max_steer_deg`), the message in plain words (no Rust type
//!   names: "expected an integer from 0 to 65535", "unknown value `lava`; expected one of:
//!   flat, incline"). A checked value given by its suffixed key says so: "(in SI units:
//!   `speed_kmh` is converted to `speed`)".
//!
//! A loader parses a [`Document`] with its suffixed keys, deserializes its type from it and
//! points its own checks at a key with [`Document::error`].
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
//! | `wheels.tire.tir = "path.tir"` | `wheels.tire.magic_formula` (the model) | path relative to the vehicle file; the file's relaxation lengths unless `relaxation` is given; not with another model table |
//! | suffixed keys, see [`CONVENIENCE_KEYS`] | the SI key | converted once (see the conventions above) |
//!
//! A tire's force model is **one sub-table of `[wheels.tire]` named after the model**, holding
//! only that model's keys; the keys directly in `[wheels.tire]` are the ones every model reads
//! ([`TireParams`](crate::tire::TireParams)):
//!
//! | Table | Model | Keys |
//! |---|---|---|
//! | `[wheels.tire]` | every model | `rolling_resistance`, `min_slip_speed`, `rolling_resistance_speed`, `longitudinal_grip`, `lateral_grip`, `tire_type`, `[relaxation]`, `[thermal]` |
//! | `[wheels.tire.friction_circle]` (the default when no model table is given) | [friction circle](crate::tire::friction_circle) | `longitudinal_stiffness_per_unit_load`, `cornering_stiffness_per_unit_load`, `friction` |
//! | `[wheels.tire.slip_curve]` | [slip curve](crate::tire::slip_curve) | `longitudinal_stiffness_per_unit_gravity`, `lat_stiff_x`, `lat_stiff_y`, `camber_stiffness_per_unit_gravity`, `friction_vs_slip`, `friction` |
//! | `[wheels.tire.brush]` | [brush](crate::tire::brush) | `tread_stiffness`, `inflation_pressure`, `patch_width`, `max_half_length`, `friction` |
//! | `[wheels.tire.simple_magic]` | [simplified Magic Formula](crate::tire::simple_magic) | `longitudinal`, `lateral` (`{ b, c, e }`), `friction`, `nominal_load`, `load_sensitivity`, `pneumatic_trail`, `camber_stiffness` |
//! | `[wheels.tire.magic_formula]`, or `tir = "path.tir"` in `[wheels.tire]` | [Magic Formula](crate::tire::mf) | the `.tir` file |
//!
//! Two model tables on one tire are an error naming both; a model key written directly in
//! `[wheels.tire]` (`tire.friction = 1.1`) is an unknown key whose message lists the model
//! tables. Validation errors name the model table: `wheels[2].tire.friction_circle.friction`.
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
//! | `drivetrain.engine` | `max_speed_rpm`, `idle_speed_rpm` | `max_speed`, `idle_speed` (rad/s) |
//! | `drivetrain.clutch` | `engage_engine_speed_rpm` | `engage_engine_speed` (rad/s) |
//! | `drivetrain.aids.esc` | `characteristic_speed_kmh`, `min_speed_kmh` | m/s |
//! | `stability.anti_rollover` | `max_angle_deg` | rad |
//! | `stability.hill_hold` | `max_engage_speed_kmh` | m/s |
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
//! engine = { peak_torque = 320.0, max_speed_rpm = 6500, idle_speed_rpm = 800 }
//! ```
//!
//! Limits: a suffixed key inside an inline array of tables is not seen (write such tables
//! with `[[...]]` headers or use SI). A `.tir` file's warnings come back from
//! [`VehicleParams::from_toml_path_with_warnings`](crate::VehicleParams::from_toml_path_with_warnings).

mod document;
mod error;
mod tree;
mod units;
mod vehicle;

pub use document::{Document, plain_message};
pub use error::{ConfigError, ConfigErrorKind};
pub use units::{ConvenienceKey, Unit, ck};
pub use vehicle::CONVENIENCE_KEYS;
