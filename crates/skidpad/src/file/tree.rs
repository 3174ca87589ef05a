//! Helpers over toml's spanned document (`toml::de::DeTable`): field paths, span lookups.

use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// One step of a field path: a table key or an array index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seg {
    Key(String),
    Index(usize),
}

/// Split a [`crate::ParamError`] path (`wheels[2].suspension.spring_rate`) into segments.
pub(crate) fn parse_path(path: &str) -> Vec<Seg> {
    let mut out = Vec::new();
    for part in path.split('.') {
        let mut rest = part;
        if let Some(i) = rest.find('[') {
            if i > 0 {
                out.push(Seg::Key(rest[..i].to_string()));
            }
            rest = &rest[i..];
            while let Some(stripped) = rest.strip_prefix('[') {
                let Some(end) = stripped.find(']') else { break };
                if let Ok(n) = stripped[..end].parse() {
                    out.push(Seg::Index(n));
                }
                rest = &stripped[end + 1..];
            }
        } else if !rest.is_empty() {
            out.push(Seg::Key(rest.to_string()));
        }
    }
    out
}

/// Join segments back into a dotted path.
pub(crate) fn join(segs: &[Seg]) -> String {
    let mut s = String::new();
    for seg in segs {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// Where a walk along a path ended.
pub(crate) struct Found {
    /// How many segments matched.
    pub matched: usize,
    /// The path as written in the file (keys as spelled there) for the matched part.
    pub written: Vec<Seg>,
    /// Span of the last matched key (or array element), if any matched.
    pub span: Option<Range<usize>>,
}

/// Walk `segs` down the document as far as it goes. Keys are looked up by their schema
/// name; the span of a renamed key (a converted `_deg` key) is the one in the file, so
/// `text[span]` shows it as written.
pub(crate) fn walk(root: &DeTable<'_>, segs: &[Seg], text: &str) -> Found {
    let mut found = Found {
        matched: 0,
        written: Vec::new(),
        span: None,
    };
    let mut table = Some(root);
    let mut value: Option<&DeValue<'_>> = None;
    for seg in segs {
        match seg {
            Seg::Key(k) => {
                let Some(t) = table else { break };
                let Some((key, v)) = t.get_key_value(k.as_str()) else {
                    break;
                };
                let written = text.get(key.span()).unwrap_or(k).trim();
                let written = if written.is_empty() || written.contains(['[', '=']) {
                    k.as_str()
                } else {
                    written.trim_matches('"')
                };
                found.written.push(Seg::Key(written.to_string()));
                found.span = Some(key.span());
                value = Some(v.get_ref());
            }
            Seg::Index(i) => {
                let Some(DeValue::Array(a)) = value else {
                    break;
                };
                let Some(v) = a.get(*i) else { break };
                found.written.push(Seg::Index(*i));
                // An array-of-tables element spans its header; an inline element its value.
                found.span = Some(v.span());
                value = Some(v.get_ref());
            }
        }
        found.matched += 1;
        table = match value {
            Some(DeValue::Table(t)) => Some(t),
            _ => None,
        };
    }
    found
}

/// The deepest key path whose key or value span contains `offset` (the key of a serde error).
pub(crate) fn path_at(root: &DeTable<'_>, offset: usize) -> Option<(Vec<Seg>, Range<usize>)> {
    fn in_span(r: &Range<usize>, o: usize) -> bool {
        r.start <= o && o < r.end.max(r.start + 1)
    }
    fn value(v: &Spanned<DeValue<'_>>, o: usize, path: &mut Vec<Seg>) -> Option<Range<usize>> {
        match v.get_ref() {
            DeValue::Table(t) => table(t, o, path),
            DeValue::Array(a) => {
                for (i, e) in a.iter().enumerate() {
                    path.push(Seg::Index(i));
                    if let Some(s) = value(e, o, path) {
                        return Some(s);
                    }
                    if in_span(&e.span(), o) {
                        return Some(e.span());
                    }
                    path.pop();
                }
                None
            }
            _ => None,
        }
    }
    fn table(t: &DeTable<'_>, o: usize, path: &mut Vec<Seg>) -> Option<Range<usize>> {
        for (k, v) in t.iter() {
            path.push(Seg::Key(k.get_ref().to_string()));
            // Children first: tables opened by a header are not contiguous in the text.
            if let Some(s) = value(v, o, path) {
                return Some(s);
            }
            if in_span(&k.span(), o) {
                return Some(k.span());
            }
            if in_span(&v.span(), o) {
                return Some(v.span());
            }
            path.pop();
        }
        None
    }
    let mut path = Vec::new();
    table(root, offset, &mut path).map(|s| (path, s))
}

/// Navigate mutably to the table at `segs` (keys and array indices).
pub(crate) fn table_mut<'t, 'a>(
    root: &'t mut DeTable<'a>,
    segs: &[Seg],
) -> Option<&'t mut DeTable<'a>> {
    let mut table = root;
    let mut i = 0;
    while i < segs.len() {
        let Seg::Key(k) = &segs[i] else { return None };
        let mut v = table.get_mut(k.as_str())?.get_mut();
        i += 1;
        while let Some(Seg::Index(n)) = segs.get(i) {
            let DeValue::Array(a) = v else { return None };
            v = a.get_mut(*n)?.get_mut();
            i += 1;
        }
        let DeValue::Table(t) = v else { return None };
        table = t;
    }
    Some(table)
}

/// A number (integer or float) as `f64`.
pub(crate) fn as_f64(v: &DeValue<'_>) -> Option<f64> {
    match v {
        DeValue::Float(f) => {
            f.as_str()
                .replace('_', "")
                .parse()
                .ok()
                .or_else(|| match f.as_str() {
                    "inf" | "+inf" => Some(f64::INFINITY),
                    "-inf" => Some(f64::NEG_INFINITY),
                    "nan" | "+nan" | "-nan" => Some(f64::NAN),
                    _ => None,
                })
        }
        DeValue::Integer(i) => i64::from_str_radix(&i.as_str().replace('_', ""), i.radix())
            .ok()
            .map(|n| n as f64),
        _ => None,
    }
}

/// A number, or an array of numbers.
pub(crate) fn as_f64s(v: &DeValue<'_>) -> Option<Vec<f64>> {
    match v {
        DeValue::Array(a) => a.iter().map(|e| as_f64(e.get_ref())).collect(),
        v => as_f64(v).map(|x| vec![x]),
    }
}

/// TOML text of a float that parses back to exactly `v`.
pub(crate) fn float_text(v: f64) -> String {
    if v.is_nan() {
        "nan".into()
    } else if v.is_infinite() {
        if v > 0.0 { "inf".into() } else { "-inf".into() }
    } else {
        let s = format!("{v:?}");
        if s.contains(['.', 'e', 'E']) {
            s
        } else {
            format!("{s}.0")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_split_and_join() {
        let p = parse_path("wheels[2].suspension.spring_rate");
        assert_eq!(
            p,
            vec![
                Seg::Key("wheels".into()),
                Seg::Index(2),
                Seg::Key("suspension".into()),
                Seg::Key("spring_rate".into())
            ]
        );
        assert_eq!(join(&p), "wheels[2].suspension.spring_rate");
        assert_eq!(
            parse_path("a.b[1][2]"),
            vec![
                Seg::Key("a".into()),
                Seg::Key("b".into()),
                Seg::Index(1),
                Seg::Index(2)
            ]
        );
    }

    #[test]
    fn floats_round_trip() {
        for v in [0.1, 35f64.to_radians(), 1e-300, 12345678.0, -0.0, 5e22] {
            let t = float_text(v);
            let back: f64 = t.parse().unwrap();
            assert_eq!(back.to_bits(), v.to_bits(), "{t}");
            assert!(DeValue::parse(&t).unwrap().get_ref().is_float(), "{t}");
        }
    }
}
