//! Published figures of the real vehicles the presets represent, and the bands their KPIs
//! must sit in.
//!
//! Each [`Band`] is a published figure (or a published range) for one quantity, its source,
//! and the band a preset's measured value must fall in: the published range widened by
//! [`SPREAD`] on each side, for test-to-test spread (road, temperature, tyre wear, driver; the
//! same car's magazine figures differ by that much). Bands are never widened to fit a preset:
//! a preset outside its band is fixed or listed, with the reason, in the known failures of
//! `crates/skidpad/tests/published_bands.rs`, which measures every quantity, checks the bands
//! and writes the table in `PRESETS.md`.
//!
//! | quantity | how the preset is measured |
//! |---|---|
//! | 0–100 km/h | [`crate::maneuver::standard::acceleration`] (the suite's run) |
//! | 100–0 km/h with ABS, locked | [`crate::maneuver::standard::braking_100_0`] on dry tarmac with `drivetrain.aids.abs` on, then off (the presets' brakes lock every wheel) |
//! | max lateral acceleration | [`crate::maneuver::lateral_limit::max_lateral_accel_both`] on the 40 m circle (ISO 4138, slowly increasing speed), the mean of the left- and right-hand circles |
//! | top speed | [`crate::maneuver::longitudinal::top_speed`] |
//!
//! Two passenger-car figures apply to every car preset on dry asphalt:
//! - **100–0 km/h with ABS**: ADAC's evaluation of 396 of its car tests (2016–2021, ten full
//!   stops from 100 km/h on dry asphalt with summer tyres, averaged per car): 30.9 m (Porsche
//!   911) to 45.2 m (Suzuki Jimny), mean 35.6 m for combustion-engined cars ("Bremstest:
//!   Welche Autos die kürzesten Bremswege haben", adac.de, 2021; summarised by verivox.de
//!   2021-12). A preset's own model's figure is cited where one was found (M235i).
//! - **100–0 km/h locked**: the locked-wheel friction of passenger tyres on dry asphalt, 0.72
//!   to 0.78 in the research since the 1980s reviewed by Mechanical Forensics Engineering
//!   Services ("Skidding Friction: A Review of Recent Research", mfes.com/friction.html), so
//!   `v²/(2µg)` = 50.4–54.6 m from 100 km/h.
//!
//! Understeer gradient and step-steer response time: no published figure was found for these
//! cars (magazines do not publish them); the table shows the measured values, and the test
//! checks the understeer ordering of the weight distributions instead ([`UNDERSTEER_ORDER`]).

/// Relative widening of a published range on each side. Unit: 1.
pub const SPREAD: f64 = 0.05;

/// Gravity used to turn published g figures and friction coefficients into SI. Unit: m/s².
const G: f64 = 9.81;

/// `v²/(2µg)` from 100 km/h. Unit: m.
const fn locked_stop(mu: f64) -> f64 {
    let v = 100.0 / 3.6;
    v * v / (2.0 * mu * G)
}

/// A quantity with a published figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// 0–100 km/h time. Unit: s.
    Accel0To100,
    /// 100–0 km/h stopping distance with ABS on dry asphalt. Unit: m.
    Stop100Abs,
    /// 100–0 km/h stopping distance with locked wheels on dry asphalt. Unit: m.
    Stop100Locked,
    /// Maximum steady lateral acceleration. Unit: m/s².
    MaxLateralAccel,
    /// Top speed. Unit: km/h.
    TopSpeed,
}

impl Quantity {
    /// Every quantity, in table order.
    pub const ALL: [Quantity; 5] = [
        Quantity::Accel0To100,
        Quantity::Stop100Abs,
        Quantity::Stop100Locked,
        Quantity::MaxLateralAccel,
        Quantity::TopSpeed,
    ];

    /// Label with its unit, for tables.
    pub fn label(self) -> &'static str {
        match self {
            Quantity::Accel0To100 => "0–100 km/h (s)",
            Quantity::Stop100Abs => "100–0 km/h, ABS (m)",
            Quantity::Stop100Locked => "100–0 km/h, locked (m)",
            Quantity::MaxLateralAccel => "max lateral accel. (m/s²)",
            Quantity::TopSpeed => "top speed (km/h)",
        }
    }
}

/// A published figure and the band around it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    /// The quantity.
    pub quantity: Quantity,
    /// The figure as published (with its conditions).
    pub published: &'static str,
    /// Where it is published.
    pub source: &'static str,
    /// Lowest value in the band.
    pub low: f64,
    /// Highest value in the band (`f64::INFINITY` for a figure that is only a lower bound,
    /// such as an electronically limited top speed).
    pub high: f64,
}

impl Band {
    /// The published range `[lo, hi]` widened by [`SPREAD`].
    const fn range(
        quantity: Quantity,
        lo: f64,
        hi: f64,
        published: &'static str,
        source: &'static str,
    ) -> Self {
        Self {
            quantity,
            published,
            source,
            low: lo * (1.0 - SPREAD),
            high: hi * (1.0 + SPREAD),
        }
    }

    /// Whether `x` is in the band.
    pub fn contains(&self, x: f64) -> bool {
        x.is_finite() && x >= self.low && x <= self.high
    }
}

/// ADAC's dry ABS stops of passenger cars (module docs).
const ADAC_STOP: &str = "ADAC: 396 cars, ten ABS stops each, dry asphalt, summer tyres \
                         (adac.de 2021; verivox.de 2021-12)";
/// Locked-wheel friction on dry asphalt (module docs).
const MFES_LOCKED: &str = "locked-wheel µ 0.72–0.78 on dry asphalt: mfes.com, \"Skidding \
                           Friction: A Review of Recent Research\"";

const ABS_ANY_CAR: Band = Band::range(
    Quantity::Stop100Abs,
    30.9,
    45.2,
    "30.9–45.2 m (any tested car; mean 35.6 m)",
    ADAC_STOP,
);

const LOCKED_ANY_CAR: Band = Band::range(
    Quantity::Stop100Locked,
    locked_stop(0.78),
    locked_stop(0.72),
    "50.4–54.6 m (v²/2µg, µ 0.72–0.78)",
    MFES_LOCKED,
);

/// `sedan`: BMW 320i (F30).
const SEDAN: [Band; 5] = [
    Band::range(
        Quantity::Accel0To100,
        7.3,
        7.6,
        "7.3 s (6-speed manual), 7.6 s (8-speed automatic)",
        "BMW press data (carscoops.com 2012-01); MNM magazine vol. 3 issue 3 (8-speed)",
    ),
    ABS_ANY_CAR,
    LOCKED_ANY_CAR,
    Band::range(
        Quantity::MaxLateralAccel,
        0.90 * G,
        0.90 * G,
        "0.90 g (328i Sport, the same F30 chassis, 225/45 R18)",
        "MotorTrend, \"First Test: 2012 BMW 328i Sport\"",
    ),
    Band::range(
        Quantity::TopSpeed,
        235.0,
        235.0,
        "235 km/h",
        "BMW press data (carscoops.com 2012-01; MNM magazine)",
    ),
];

/// `hatch-fwd`: VW Golf 1.4 TSI 122 PS.
const HATCH: [Band; 4] = [
    Band::range(
        Quantity::Accel0To100,
        9.4,
        9.4,
        "9.4 s",
        "VW data for the Golf 1.4 TSI 122 PS (tagesspiegel.de 2007)",
    ),
    ABS_ANY_CAR,
    LOCKED_ANY_CAR,
    Band::range(
        Quantity::TopSpeed,
        197.0,
        197.0,
        "197 km/h",
        "VW data (autoscout24.de, \"Kurztest VW Golf TSI 1.4 90 kW\")",
    ),
];

/// `sports-rwd`: BMW M235i (F22).
const SPORTS: [Band; 5] = [
    Band::range(
        Quantity::Accel0To100,
        4.8,
        5.0,
        "4.8 s (8-speed automatic), 5.0 s (manual)",
        "BMW data (MotorTrend 2014-03 via bmw-sg.com; guides.wmlcloud.com)",
    ),
    Band::range(
        Quantity::Stop100Abs,
        33.7,
        33.7,
        "60–0 mph in 103 ft (31.4 m) = 33.7 m from 100 km/h at the same deceleration",
        "MotorTrend 2014-03 M235i test (bmw-sg.com)",
    ),
    LOCKED_ANY_CAR,
    Band::range(
        Quantity::MaxLateralAccel,
        0.97 * G,
        0.97 * G,
        "0.97 g skidpad average",
        "MotorTrend 2014-03 M235i test (bmw-sg.com)",
    ),
    Band {
        quantity: Quantity::TopSpeed,
        published: "250 km/h, electronically limited (the limiter is not modelled: the band \
                    is the limited speed and above)",
        source: "BMW data (bmwblog.com 2016-09)",
        low: 250.0 * (1.0 - SPREAD),
        high: f64::INFINITY,
    },
];

/// `rally-4wd`: Mitsubishi Lancer Evolution IX (road car; the preset is its lighter Group N
/// sibling).
const RALLY: [Band; 3] = [
    Band::range(
        Quantity::Accel0To100,
        4.3,
        5.7,
        "4.3 s (FQ-320/340) to 5.7 s (FQ-280)",
        "mitsubishi-cars-online.blogspot.com 2009-10",
    ),
    ABS_ANY_CAR,
    LOCKED_ANY_CAR,
];

/// The published bands of preset `name` (empty for a preset without published figures: the
/// trucks, tank and kart, whose power limits are checked against closed forms instead).
pub fn bands(name: &str) -> &'static [Band] {
    match name {
        "sedan" => &SEDAN,
        "hatch-fwd" => &HATCH,
        "sports-rwd" => &SPORTS,
        "rally-4wd" => &RALLY,
        _ => &[],
    }
}

/// The car presets from most to least front weight: FWD hatch (61 % front), RWD sedan
/// (55.6 %), 50/50 sports coupé (the presets' mid-engine stand-in). Real cars' understeer
/// gradients fall in that order (Gillespie, *Fundamentals of Vehicle Dynamics*, ch. 6: the
/// gradient grows with the front axle's share of the weight at equal tyres), so the presets'
/// must too.
pub const UNDERSTEER_ORDER: [&str; 3] = ["hatch-fwd", "sedan", "sports-rwd"];
