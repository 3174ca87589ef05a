//! `skidpad validate`: the core's validation checks ([`skidpad::validation`]) on built-in
//! vehicles or vehicle files, as a text table, JSON, or an HTML page. The checks and their
//! closed forms live in the core; this module only formats them.

use skidpad::validation::{Report, Status};

/// The reports of `vehicles` (built-in names or paths; every built-in vehicle when empty), in
/// order.
///
/// # Errors
/// A vehicle that does not load or whose parameters are invalid: the message names it.
pub fn run(vehicles: &[String]) -> Result<Vec<Report>, String> {
    let names: Vec<String> = if vehicles.is_empty() {
        crate::vehicles::BUILT_IN
            .iter()
            .map(|b| b.name.to_string())
            .collect()
    } else {
        vehicles.to_vec()
    };
    names
        .iter()
        .map(|n| {
            let p = crate::vehicles::resolve(n).map_err(|e| e.to_string())?;
            skidpad::validation::validate(&p).map_err(|e| format!("{n}: {e}"))
        })
        .collect()
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The reports as an HTML section: `<h2>Validation</h2>` and one table per vehicle (check,
/// measured, expected, pass band, status, basis), failed rows marked `class="fail"`.
pub fn html_section(reports: &[Report]) -> String {
    let mut h = String::from("<h2>Validation</h2>\n");
    for r in reports {
        h.push_str(&format!(
            "<h3>{}: {}</h3>\n<table class=\"validation\">\n<tr><th>check</th><th>measured</th>\
             <th>expected</th><th>pass band</th><th>status</th><th>basis</th></tr>\n",
            esc(&r.vehicle),
            if r.passed() { "pass" } else { "FAIL" }
        ));
        for c in &r.checks {
            let (class, status) = match &c.status {
                Status::Pass => ("pass", "pass".to_string()),
                Status::Fail => ("fail", "FAIL".to_string()),
                Status::Skipped(why) => ("skipped", format!("skipped: {why}")),
            };
            let [measured, expected, band] = c.printed();
            h.push_str(&format!(
                "<tr class=\"{class}\"><td>{}</td><td>{measured}</td><td>{expected}</td>\
                 <td>{band}</td><td>{}</td><td>{}</td></tr>\n",
                c.name,
                esc(&status),
                esc(&c.basis)
            ));
        }
        h.push_str("</table>\n");
    }
    h
}

/// A self-contained page holding [`html_section`].
pub fn html_page(reports: &[Report]) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>skidpad validation</title>\n<style>\n\
         body {{ font-family: sans-serif; margin: 2em; }}\n\
         table {{ border-collapse: collapse; }}\n\
         th, td {{ border: 1px solid #ccc; padding: 2px 8px; }}\n\
         tr.fail {{ background: #fdd; }}\n\
         </style>\n</head>\n<body>\n<h1>skidpad validation</h1>\n{}</body>\n</html>\n",
        html_section(reports)
    )
}
