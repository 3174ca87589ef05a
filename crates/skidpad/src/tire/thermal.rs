//! Tire temperature, wear and inflation pressure: a two-node thermal model with a grip window.
//!
//! # Model
//! The tread surface (node s) and the carcass core (node c), lumped heat capacities:
//!
//! ```text
//! C_s·dT_s/dt = η·P_slip − G_sc(T_s − T_c) − G_road·(T_s − T_road)·[contact]
//!               − (G_air,0 + G_air,v·|v|)(T_s − T_air) − G_water·d_water·(T_s − T_air)
//! C_c·dT_c/dt = G_sc(T_s − T_c) + P_roll − G_core(T_c − T_air)
//! P_slip = |Fx·v_sx| + |Fy·v_sy|        frictional power in the patch (W)
//! P_roll = C_rr·F_z·|v|·ζ_roll          hysteresis heating of the carcass (W)
//! ```
//! Each update solves the two linear ODEs with **backward Euler** (a 2×2 linear system), so any
//! time step is stable and temperatures never overshoot their equilibrium.
//!
//! Grip and wear:
//! ```text
//! g_T = max(g_min, 1 − k_T·((T_s − T_opt)/ΔT)²)      grip window around the optimum
//! dw/dt = k_w·P_slip,  w ∈ [0, 1]                     tread worn fraction (monotone)
//! g_w = 1 − (1 − g_worn)·w                             worn tire keeps g_worn of its grip
//! p   = p_cold·(T_c + 273.15)/(T_cold + 273.15)        gas at constant volume
//! ```
//! The friction multiplier the tire model uses is `g_T·g_w`.
//!
//! | symbol | field | unit |
//! |---|---|---|
//! | C_s, C_c | `surface_heat_capacity`, `core_heat_capacity` | J/K |
//! | G_sc, G_road, G_core | `surface_core_conductance`, `road_conductance`, `core_air_conductance` | W/K |
//! | G_air,0, G_air,v | `air_conductance`, `air_conductance_per_speed` | W/K, W·s/(K·m) |
//! | η | `slip_heat_fraction` | 1 |
//! | k_w | `wear_rate` | 1/J |
//!
//! References: Salaani et al., "An Analytical Tire Model for Use in Vehicle Dynamics
//! Simulations", SAE 2007-01-0816 (lumped thermal nodes); Sorniotti, "Tire thermal model for
//! enhanced vehicle dynamics simulation", SAE 2009-01-0441; Archard-type wear proportional to
//! frictional energy (Veith 1992). The default numbers are a passenger tire tuned so sustained
//! hard cornering (≈ 5 kW of slip power) warms the tread by ≈ 25 K within a minute and 44 K at
//! equilibrium (see the tests); they are
//! plausible, not measured.
//!
//! Limits: no temperature distribution across the tread, no flash temperature, no pressure
//! effect on grip here (the Magic Formula 6.1 pressure terms use [`TireThermalState::pressure`]).

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Parameters of the thermal / wear / pressure model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    default,
    expecting = "a table of tire thermal keys"
)]
pub struct TireThermalParams {
    /// Heat capacity of the tread surface layer. Unit: J/K. Range: (0, ∞). Default: 2500.
    pub surface_heat_capacity: f64,
    /// Heat capacity of the carcass core (and air). Unit: J/K. Range: (0, ∞). Default: 15000.
    pub core_heat_capacity: f64,
    /// Conduction surface ↔ core. Unit: W/K. Range: [0, ∞). Default: 40.
    pub surface_core_conductance: f64,
    /// Conduction surface → road while in contact. Unit: W/K. Range: [0, ∞). Default: 15.
    pub road_conductance: f64,
    /// Convection surface → air at standstill. Unit: W/K. Range: [0, ∞). Default: 5.
    pub air_conductance: f64,
    /// Extra convection per unit speed. Unit: W·s/(K·m). Range: [0, ∞). Default: 1.5.
    pub air_conductance_per_speed: f64,
    /// Evaporative/convective cooling per metre of water film. Unit: W/(K·m). Range: [0, ∞). Default: 20 000.
    pub water_conductance_per_depth: f64,
    /// Convection core → air. Unit: W/K. Range: [0, ∞). Default: 8.
    pub core_air_conductance: f64,
    /// Fraction of frictional slip power that heats the tread. Unit: 1. Range: [0, 1]. Default: 0.5.
    pub slip_heat_fraction: f64,
    /// Fraction of rolling-resistance power that heats the core. Unit: 1. Range: [0, 1]. Default: 1.
    pub rolling_heat_fraction: f64,
    /// Tread temperature of peak grip. Unit: °C. Range: (−50, 200). Default: 85.
    pub optimum_temperature: f64,
    /// Half-width of the grip window. Unit: K. Range: (0, ∞). Default: 60.
    pub window_half_width: f64,
    /// Grip lost at ±window half-width. Unit: 1. Range: [0, 1]. Default: 0.15.
    pub window_loss: f64,
    /// Grip floor far outside the window. Unit: 1. Range: (0, 1]. Default: 0.6.
    pub min_grip: f64,
    /// Worn fraction per joule of slip energy. Unit: 1/J. Range: [0, ∞). Default: 2e-9
    /// (≈ 500 MJ of slip energy wears the tread out).
    pub wear_rate: f64,
    /// Grip left on a fully worn tread. Unit: 1. Range: (0, 1]. Default: 0.85.
    pub worn_grip: f64,
    /// Cold inflation pressure. Unit: Pa. Range: (0, ∞). Default: 2.2e5.
    pub cold_pressure: f64,
    /// Temperature at which `cold_pressure` was set. Unit: °C. Range: (−50, 100). Default: 20.
    pub cold_temperature: f64,
}

impl Default for TireThermalParams {
    fn default() -> Self {
        Self {
            surface_heat_capacity: 2500.0,
            core_heat_capacity: 15_000.0,
            surface_core_conductance: 40.0,
            road_conductance: 15.0,
            air_conductance: 5.0,
            air_conductance_per_speed: 1.5,
            water_conductance_per_depth: 20_000.0,
            core_air_conductance: 8.0,
            slip_heat_fraction: 0.5,
            rolling_heat_fraction: 1.0,
            optimum_temperature: 85.0,
            window_half_width: 60.0,
            window_loss: 0.15,
            min_grip: 0.6,
            wear_rate: 2e-9,
            worn_grip: 0.85,
            cold_pressure: 2.2e5,
            cold_temperature: 20.0,
        }
    }
}

impl TireThermalParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive("surface_heat_capacity", self.surface_heat_capacity)?;
        check::positive("core_heat_capacity", self.core_heat_capacity)?;
        for (n, v) in [
            ("surface_core_conductance", self.surface_core_conductance),
            ("road_conductance", self.road_conductance),
            ("air_conductance", self.air_conductance),
            ("air_conductance_per_speed", self.air_conductance_per_speed),
            (
                "water_conductance_per_depth",
                self.water_conductance_per_depth,
            ),
            ("core_air_conductance", self.core_air_conductance),
            ("wear_rate", self.wear_rate),
        ] {
            check::non_negative(n, v)?;
        }
        check::in_range("slip_heat_fraction", self.slip_heat_fraction, 0.0, 1.0)?;
        check::in_range(
            "rolling_heat_fraction",
            self.rolling_heat_fraction,
            0.0,
            1.0,
        )?;
        check::in_range(
            "optimum_temperature",
            self.optimum_temperature,
            -50.0,
            200.0,
        )?;
        check::positive("window_half_width", self.window_half_width)?;
        check::in_range("window_loss", self.window_loss, 0.0, 1.0)?;
        check::positive("min_grip", self.min_grip)?;
        check::in_range("min_grip", self.min_grip, 0.0, 1.0)?;
        check::positive("worn_grip", self.worn_grip)?;
        check::in_range("worn_grip", self.worn_grip, 0.0, 1.0)?;
        check::positive("cold_pressure", self.cold_pressure)?;
        check::in_range("cold_temperature", self.cold_temperature, -50.0, 100.0)
    }

    /// Grip multiplier of the temperature window at tread temperature `t_surface` (°C).
    pub fn temperature_grip(&self, t_surface: f64) -> f64 {
        let x = (t_surface - self.optimum_temperature) / self.window_half_width;
        (1.0 - self.window_loss * x * x).max(self.min_grip)
    }
}

/// Per-tire thermal state (LibreRally `TyreState`). Temperatures in °C.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TireThermalState {
    /// Tread surface temperature. Unit: °C.
    pub surface_temperature: f64,
    /// Carcass core temperature. Unit: °C.
    pub core_temperature: f64,
    /// Worn fraction of the tread, 0 new … 1 worn out. Unit: 1.
    pub wear: f64,
    /// Inflation pressure from the core temperature. Unit: Pa.
    pub pressure: f64,
    /// Grip multiplier (temperature window × wear). Unit: 1.
    pub grip: f64,
}

impl Default for TireThermalState {
    /// A new tire at 20 °C and 2.2 bar, full grip (what a tire without a thermal model reports).
    fn default() -> Self {
        Self {
            surface_temperature: 20.0,
            core_temperature: 20.0,
            wear: 0.0,
            pressure: 2.2e5,
            grip: 1.0,
        }
    }
}

impl TireThermalState {
    /// A new tire at ambient temperature `ambient` (°C), pressure from the cold setting.
    pub fn new(p: &TireThermalParams, ambient: f64) -> Self {
        let mut s = Self {
            surface_temperature: ambient,
            core_temperature: ambient,
            wear: 0.0,
            pressure: p.cold_pressure,
            grip: 1.0,
        };
        s.refresh(p);
        s
    }

    fn refresh(&mut self, p: &TireThermalParams) {
        self.pressure =
            p.cold_pressure * (self.core_temperature + 273.15) / (p.cold_temperature + 273.15);
        self.grip =
            p.temperature_grip(self.surface_temperature) * (1.0 - (1.0 - p.worn_grip) * self.wear);
    }
}

/// What the thermal model needs from one step of the tire.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ThermalInput {
    /// Frictional slip power `|Fx·v_sx| + |Fy·v_sy|`. Unit: W.
    pub slip_power: f64,
    /// Rolling-resistance power `C_rr·F_z·|v|`. Unit: W.
    pub rolling_power: f64,
    /// Wheel speed over the ground. Unit: m/s.
    pub speed: f64,
    /// True if the tire touches the road.
    pub in_contact: bool,
    /// Air temperature. Unit: °C.
    pub air_temperature: f64,
    /// Road temperature. Unit: °C.
    pub road_temperature: f64,
    /// Water film depth on the road. Unit: m.
    pub water_depth: f64,
}

/// Advance temperatures, wear and pressure by `dt` (backward Euler, unconditionally stable).
/// Non-finite or negative powers count as zero.
pub fn update(p: &TireThermalParams, s: &mut TireThermalState, i: &ThermalInput, dt: f64) {
    if !(dt.is_finite() && dt > 0.0) {
        return;
    }
    let pos = |v: f64| if v.is_finite() { v.max(0.0) } else { 0.0 };
    let q_slip = p.slip_heat_fraction * pos(i.slip_power);
    let q_roll = p.rolling_heat_fraction * pos(i.rolling_power);
    let speed = pos(i.speed.abs());
    let g_road = if i.in_contact {
        p.road_conductance
    } else {
        0.0
    };
    let g_air = p.air_conductance
        + p.air_conductance_per_speed * speed
        + p.water_conductance_per_depth * pos(i.water_depth);
    let (ta, tr) = (i.air_temperature, i.road_temperature);
    // Backward Euler: [C_s/dt + G_sc + G_road + G_air, −G_sc; −G_sc, C_c/dt + G_sc + G_core]·T' = rhs.
    let a11 = p.surface_heat_capacity / dt + p.surface_core_conductance + g_road + g_air;
    let a12 = -p.surface_core_conductance;
    let a22 = p.core_heat_capacity / dt + p.surface_core_conductance + p.core_air_conductance;
    let b1 =
        p.surface_heat_capacity / dt * s.surface_temperature + q_slip + g_road * tr + g_air * ta;
    let b2 = p.core_heat_capacity / dt * s.core_temperature + q_roll + p.core_air_conductance * ta;
    let det = a11 * a22 - a12 * a12;
    s.surface_temperature = (b1 * a22 - a12 * b2) / det;
    s.core_temperature = (a11 * b2 - a12 * b1) / det;
    s.wear = (s.wear + p.wear_rate * pos(i.slip_power) * dt).min(1.0);
    s.refresh(p);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(slip_power: f64) -> ThermalInput {
        ThermalInput {
            slip_power,
            rolling_power: 0.0,
            speed: 20.0,
            in_contact: true,
            air_temperature: 20.0,
            road_temperature: 20.0,
            water_depth: 0.0,
        }
    }

    #[test]
    fn steady_state_matches_the_conductance_network() {
        // Constant 5 kW slip power, η = 0.5 → 2500 W into the surface. Steady state:
        // surface loses G_road + G_air = 15 + 5 + 1.5·20 = 50 W/K to 20 °C and G_sc = 40 to the
        // core, which loses G_core = 8 to air. Core: 40(Ts − Tc) = 8(Tc − 20) → Tc − 20 = (40/48)(Ts − 20).
        // Surface: 2500 = 50(Ts − 20) + 40(Ts − Tc) = (50 + 40·8/48)(Ts − 20) → Ts − 20 = 2500/56.667.
        let p = TireThermalParams::default();
        let mut s = TireThermalState::new(&p, 20.0);
        for _ in 0..200_000 {
            update(&p, &mut s, &input(5000.0), 0.05);
        }
        let ts = 20.0 + 2500.0 / (50.0 + 40.0 * 8.0 / 48.0);
        let tc = 20.0 + (40.0 / 48.0) * (ts - 20.0);
        assert!(
            (s.surface_temperature - ts).abs() < 1e-6,
            "{}",
            s.surface_temperature
        );
        assert!((s.core_temperature - tc).abs() < 1e-6);
        // Pressure rises with the core temperature (ideal gas): p = 2.2e5·(Tc + 273.15)/293.15.
        assert!((s.pressure - 2.2e5 * (tc + 273.15) / 293.15).abs() < 1e-3);
    }

    #[test]
    fn heats_under_slip_and_relaxes_back() {
        let p = TireThermalParams::default();
        let mut s = TireThermalState::new(&p, 20.0);
        let mut last = s.surface_temperature;
        for _ in 0..3600 {
            update(&p, &mut s, &input(5000.0), 1.0 / 60.0);
            assert!(s.surface_temperature >= last);
            last = s.surface_temperature;
        }
        // More than half of the 44.1 K equilibrium rise (steady-state test) after one minute.
        assert!(
            s.surface_temperature > 20.0 + 0.5 * 44.1,
            "one minute of hard slip: {}",
            s.surface_temperature
        );
        let hot = s.surface_temperature;
        for _ in 0..60 * 600 {
            update(&p, &mut s, &input(0.0), 1.0 / 60.0);
        }
        assert!(s.surface_temperature < hot);
        assert!(
            (s.surface_temperature - 20.0).abs() < 2.0,
            "{}",
            s.surface_temperature
        );
    }

    #[test]
    fn wear_is_monotone_and_grip_follows_the_window() {
        let p = TireThermalParams::default();
        let mut s = TireThermalState::new(&p, 20.0);
        let mut w = 0.0;
        for k in 0..1000 {
            update(
                &p,
                &mut s,
                &input(if k % 2 == 0 { 8000.0 } else { 0.0 }),
                0.1,
            );
            assert!(s.wear >= w);
            w = s.wear;
        }
        // 500 steps × 8 kW × 0.1 s = 400 kJ → wear = 2e-9·4e5 = 8e-4.
        assert!((s.wear - 8e-4).abs() < 1e-12);
        // Window: peak at 85 °C, 1 − 0.15 at ±60 K, floor 0.6.
        assert_eq!(p.temperature_grip(85.0), 1.0);
        assert!((p.temperature_grip(25.0) - 0.85).abs() < 1e-12);
        assert!((p.temperature_grip(145.0) - 0.85).abs() < 1e-12);
        assert_eq!(p.temperature_grip(400.0), 0.6);
        // Worn out: grip × 0.85.
        let mut worn = TireThermalState::new(&p, 85.0);
        worn.wear = 1.0;
        worn.refresh(&p);
        assert!((worn.grip - 0.85).abs() < 1e-12);
    }

    #[test]
    fn water_cools_and_bad_input_is_ignored() {
        let p = TireThermalParams::default();
        let mut dry = TireThermalState::new(&p, 20.0);
        let mut wet = dry;
        for _ in 0..600 {
            update(&p, &mut dry, &input(5000.0), 0.1);
            update(
                &p,
                &mut wet,
                &ThermalInput {
                    water_depth: 0.002,
                    ..input(5000.0)
                },
                0.1,
            );
        }
        assert!(wet.surface_temperature < dry.surface_temperature);
        let before = dry;
        update(&p, &mut dry, &input(f64::NAN), 0.1);
        assert!(dry.surface_temperature.is_finite());
        let mut same = before;
        update(&p, &mut same, &input(1.0), f64::NAN);
        assert_eq!(same, before);
    }

    #[test]
    fn validation_names_fields() {
        let p = TireThermalParams {
            min_grip: 0.0,
            ..TireThermalParams::default()
        };
        assert_eq!(p.validate().unwrap_err().path, "min_grip");
        TireThermalParams::default().validate().unwrap();
    }
}
