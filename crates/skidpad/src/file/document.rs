//! The machinery every file loader shares: a spanned TOML [`Document`], the unit-suffix
//! conversion of [`ConvenienceKey`]s, serde errors mapped to a key and plain words.

use super::error::{ConfigError, ConfigErrorKind, line_col};
use super::tree::{self, Seg, as_f64, float_text, join, parse_path, path_at, walk};
use super::units::ConvenienceKey;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A rewrite of the document before serde sees it: in the table at `table`, the key
/// `old_key` becomes `new_key` with the value `text` (TOML), keeping the original spans.
pub(crate) struct Edit {
    pub table: Vec<Seg>,
    pub old_key: String,
    pub new_key: &'static str,
    pub text: String,
}

/// Error builder bound to one file's text.
pub(crate) struct Ctx<'t> {
    pub text: &'t str,
    pub file: &'t str,
}

impl Ctx<'_> {
    pub fn at(
        &self,
        span: Option<Range<usize>>,
        key: String,
        kind: ConfigErrorKind,
        message: impl Into<String>,
    ) -> ConfigError {
        let (line, column) = span.map_or((0, 0), |s| line_col(self.text, s.start));
        ConfigError {
            file: self.file.to_string(),
            line,
            column,
            key,
            kind,
            message: message.into(),
        }
    }
}

pub(crate) fn syntax_error(ctx: &Ctx<'_>, e: &toml::de::Error) -> ConfigError {
    let span = e.span().unwrap_or(0..0);
    // The key: from a best-effort parse, else the text before `=` on the error's line.
    let (recovered, _) = DeTable::parse_recoverable(ctx.text);
    let key = path_at(recovered.get_ref(), span.start)
        .map(|(p, _)| join(&p))
        .unwrap_or_else(|| {
            let (line, _) = line_col(ctx.text, span.start);
            let l = ctx.text.lines().nth(line - 1).unwrap_or("");
            l.split_once('=').map_or("", |(k, _)| k).trim().to_string()
        });
    ctx.at(
        Some(span),
        key,
        ConfigErrorKind::Syntax,
        format!("TOML syntax error: {}", e.message().trim()),
    )
}

/// A serde error: its kind, the key at its span (for an unknown key reported on its whole
/// table, the key itself) and the message in plain words ([`plain_message`]).
pub(crate) fn serde_error(ctx: &Ctx<'_>, doc: &DeTable<'_>, e: &toml::de::Error) -> ConfigError {
    let raw = e.message().trim().to_string();
    let kind = if raw.starts_with("unknown field") || raw.starts_with("unknown variant") {
        ConfigErrorKind::UnknownKey
    } else if raw.starts_with("invalid type") || raw.starts_with("invalid length") {
        ConfigErrorKind::WrongType
    } else if raw.starts_with("missing field") {
        ConfigErrorKind::MissingKey
    } else {
        ConfigErrorKind::Invalid
    };
    let mut span = e.span();
    let mut key = Vec::new();
    if let Some((p, _)) = span.as_ref().and_then(|s| path_at(doc, s.start)) {
        key = p;
    }
    if let Some(unknown) = raw
        .strip_prefix("unknown field `")
        .and_then(|r| r.split('`').next())
    {
        // Serde reports an unknown key of an internally tagged table on the whole table.
        let mut table = key.clone();
        loop {
            let found = walk(doc, &table, ctx.text);
            if found.matched == table.len()
                && let Some(t) = table_at(doc, &table)
                && let Some((k, _)) = t.get_key_value(unknown)
            {
                span = Some(k.span());
                table.push(Seg::Key(unknown.to_string()));
                key = table;
                break;
            }
            if table.pop().is_none() {
                break;
            }
        }
    }
    ctx.at(span, join(&key), kind, plain_message(&raw))
}

/// The table at `segs`, if there is one.
fn table_at<'d, 'a>(root: &'d DeTable<'a>, segs: &[Seg]) -> Option<&'d DeTable<'a>> {
    let mut value: Option<&DeValue<'a>> = None;
    let mut table = root;
    for seg in segs {
        match seg {
            Seg::Key(k) => value = Some(table.get(k.as_str())?.get_ref()),
            Seg::Index(i) => match value {
                Some(DeValue::Array(a)) => value = Some(a.get(*i)?.get_ref()),
                _ => return None,
            },
        }
        if let Some(DeValue::Table(t)) = value {
            table = t;
        }
    }
    match value {
        None => Some(root),
        Some(DeValue::Table(t)) => Some(t),
        _ => None,
    }
}

/// Serde's wording for a Rust type (`f64`, `u16`, `struct Foo`, `internally tagged enum Foo`)
/// in plain words.
fn plain_type(t: &str) -> String {
    let t = t.trim();
    let named = |prefix: &str| t.strip_prefix(prefix).is_some_and(|r| !r.contains(' '));
    match t {
        "f64" | "f32" => "a number".into(),
        "i8" => "an integer from -128 to 127".into(),
        "u8" => "an integer from 0 to 255".into(),
        "i16" => "an integer from -32768 to 32767".into(),
        "u16" => "an integer from 0 to 65535".into(),
        "i32" | "i64" | "isize" => "an integer".into(),
        "u32" | "u64" | "usize" => "a whole number (0 or more)".into(),
        "bool" | "a boolean" => "true or false".into(),
        "char" => "a single character".into(),
        "a sequence" => "an array".into(),
        "a map" => "a table".into(),
        "unit" => "nothing".into(),
        "a string" | "a borrowed string" | "string" => "a string".into(),
        _ if named("internally tagged enum ") => "a table with a `kind` key".into(),
        _ if named("struct ") => "a table".into(),
        _ if named("enum ") => "one of the names listed in the documentation".into(),
        _ if named("variant identifier") || t == "variant identifier" => "a name".into(),
        _ if t.starts_with("a tuple of size ") => format!(
            "an array of {} values",
            t.trim_start_matches("a tuple of size ")
        ),
        _ => t.to_string(),
    }
}

/// Serde's wording for a value found (`string "x"`, `integer `3``, `floating point `1.5``).
fn plain_found(f: &str) -> String {
    let f = f.trim();
    for (prefix, name) in [
        ("string ", "the string "),
        ("integer ", ""),
        ("floating point ", ""),
        ("boolean ", ""),
        ("character ", "the character "),
    ] {
        if let Some(v) = f.strip_prefix(prefix) {
            return format!("{name}{}", v.trim_matches('`'));
        }
    }
    match f {
        "sequence" => "an array".into(),
        "map" => "a table".into(),
        _ => f.to_string(),
    }
}

/// `` `a`, `b` `` (serde's list of names) as `a, b`.
fn plain_list(l: &str) -> String {
    l.replace('`', "")
}

/// A serde message in plain words, without Rust type names: `invalid type: string "x",
/// expected f64` → `expected a number, found the string "x"`; `unknown variant `lava`,
/// expected one of `flat`, `incline`` → `unknown value `lava`; expected one of: flat,
/// incline`; `missing field `kind`` → `missing key `kind``.
pub fn plain_message(message: &str) -> String {
    let m = message.trim();
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = m.strip_prefix(prefix)
            && let Some((found, expected)) = rest.rsplit_once(", expected ")
        {
            return format!(
                "expected {}, found {}",
                plain_type(expected),
                plain_found(found)
            );
        }
    }
    if let Some(rest) = m.strip_prefix("invalid length ")
        && let Some((n, expected)) = rest.split_once(", expected ")
    {
        return format!("expected {}, found {n} values", plain_type(expected));
    }
    for (prefix, what) in [
        ("unknown field ", "unknown key "),
        ("unknown variant ", "unknown value "),
    ] {
        if let Some(rest) = m.strip_prefix(prefix) {
            return match rest.split_once(", expected one of ") {
                Some((name, list)) => {
                    format!("{what}{name}; expected one of: {}", plain_list(list))
                }
                None => match rest.split_once(", expected ") {
                    Some((name, one)) => format!("{what}{name}; expected {}", plain_list(one)),
                    None => match rest.split_once(", there are no ") {
                        Some((name, _)) => format!("{what}{name}; this table takes no keys"),
                        None => format!("{what}{rest}"),
                    },
                },
            };
        }
    }
    if let Some(rest) = m.strip_prefix("missing field ") {
        return format!("missing key {rest}");
    }
    m.to_string()
}

/// Table-path pattern of `segs`: indices become `[]`.
pub(crate) fn pattern(segs: &[Seg]) -> String {
    let mut s = String::new();
    for seg in segs {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(_) => s.push_str("[]"),
        }
    }
    s
}

/// Every table of the document with its path (array-of-tables elements included).
pub(crate) fn tables<'d, 'a>(
    t: &'d DeTable<'a>,
    path: &mut Vec<Seg>,
    out: &mut Vec<(Vec<Seg>, &'d DeTable<'a>)>,
) {
    out.push((path.clone(), t));
    for (k, v) in t.iter() {
        path.push(Seg::Key(k.get_ref().to_string()));
        match v.get_ref() {
            DeValue::Table(c) => tables(c, path, out),
            DeValue::Array(a) => {
                for (i, e) in a.iter().enumerate() {
                    if let DeValue::Table(c) = e.get_ref() {
                        path.push(Seg::Index(i));
                        tables(c, path, out);
                        path.pop();
                    }
                }
            }
            _ => {}
        }
        path.pop();
    }
}

/// The conversions of the suffixed keys of table `t` (at `path`) into `edits`. Fails on a
/// non-numeric value or on an SI key given twice.
pub(crate) fn convert_table(
    ctx: &Ctx<'_>,
    path: &[Seg],
    t: &DeTable<'_>,
    keys: &'static [ConvenienceKey],
    edits: &mut Vec<Edit>,
) -> Result<(), ConfigError> {
    let pat = pattern(path);
    let here = |k: &str| {
        let mut p = path.to_vec();
        p.push(Seg::Key(k.to_string()));
        join(&p)
    };
    // SI key → the convenience key that already sets it in this table.
    let mut set_by: HashMap<&str, &str> = HashMap::new();
    for c in keys.iter().filter(|c| c.table == pat) {
        let Some((k, v)) = t.get_key_value(c.key) else {
            continue;
        };
        let duplicate = if t.contains_key(c.si_key) {
            Some(c.si_key)
        } else {
            set_by.get(c.si_key).copied()
        };
        if let Some(other) = duplicate {
            return Err(ctx.at(
                Some(k.span()),
                here(c.key),
                ConfigErrorKind::DuplicateKey,
                format!("`{}` and `{other}` set the same field; keep one", c.key),
            ));
        }
        set_by.insert(c.si_key, c.key);
        let Some(x) = as_f64(v.get_ref()) else {
            return Err(ctx.at(
                Some(v.span()),
                here(c.key),
                ConfigErrorKind::WrongType,
                format!("expected a number, found {}", v.get_ref().type_str()),
            ));
        };
        edits.push(Edit {
            table: path.to_vec(),
            old_key: c.key.to_string(),
            new_key: c.si_key,
            text: float_text(c.unit.to_si(x)),
        });
    }
    Ok(())
}

pub(crate) fn apply<'a>(tree: &mut DeTable<'a>, plan: &'a [Edit]) {
    for e in plan {
        let Some(t) = tree::table_mut(tree, &e.table) else {
            continue;
        };
        let Some((k, v)) = t.remove_entry(e.old_key.as_str()) else {
            continue;
        };
        let Ok(new) = DeValue::parse(&e.text) else {
            continue;
        };
        t.insert(
            Spanned::new(k.span(), std::borrow::Cow::Borrowed(e.new_key)),
            Spanned::new(v.span(), new.into_inner()),
        );
    }
}

/// A TOML file parsed with spans, under the [file conventions](super): SI keys, the
/// unit-suffixed [`ConvenienceKey`]s of the file type converted once, and errors
/// `file:line:column: key: message` ([`ConfigError`]). Loaders deserialize it
/// ([`Document::deserialize`]) and point their own checks at a key ([`Document::error`]).
pub struct Document<'t> {
    text: &'t str,
    file: String,
    root: Spanned<DeTable<'t>>,
    keys: &'static [ConvenienceKey],
}

impl std::fmt::Debug for Document<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Document")
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl<'t> Document<'t> {
    /// Parse `text` (named `file` in errors) whose suffixed keys are `keys`.
    ///
    /// # Errors
    /// TOML syntax; a suffixed key with a non-numeric value or given with its SI key.
    pub fn parse(
        text: &'t str,
        file: &str,
        keys: &'static [ConvenienceKey],
    ) -> Result<Self, ConfigError> {
        let ctx = Ctx { text, file };
        let root = DeTable::parse(text).map_err(|e| syntax_error(&ctx, &e))?;
        let doc = Self {
            text,
            file: file.to_string(),
            root,
            keys,
        };
        doc.plan()?;
        Ok(doc)
    }

    /// The file name given to [`Document::parse`].
    pub fn file(&self) -> &str {
        &self.file
    }

    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            text: self.text,
            file: &self.file,
        }
    }

    fn plan(&self) -> Result<Vec<Edit>, ConfigError> {
        let mut all = Vec::new();
        tables(self.root.get_ref(), &mut Vec::new(), &mut all);
        let mut edits = Vec::new();
        for (path, t) in &all {
            convert_table(&self.ctx(), path, t, self.keys, &mut edits)?;
        }
        Ok(edits)
    }

    /// Run `f` on the document with its suffixed keys converted (SI keys, original spans).
    fn converted<R>(&self, f: impl FnOnce(&DeTable<'_>) -> R) -> R {
        let plan = self.plan().unwrap_or_default();
        let mut tree = self.root.get_ref().clone();
        apply(&mut tree, &plan);
        f(&tree)
    }

    /// The document as a `T` (suffixed keys converted).
    ///
    /// # Errors
    /// Unknown keys, wrong types, missing keys: at the key, in plain words.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, ConfigError> {
        self.converted(|tree| {
            let de = toml::de::Deserializer::from(Spanned::new(self.root.span(), tree.clone()));
            T::deserialize(de).map_err(|e| serde_error(&self.ctx(), self.root.get_ref(), &e))
        })
    }

    /// Whether the file sets the key at `path` (`ground.x_min`, `schedule[2].t`; an SI key
    /// is set by its suffixed key too).
    pub fn is_set(&self, path: &str) -> bool {
        let segs = parse_path(path);
        self.converted(|tree| walk(tree, &segs, self.text).matched == segs.len())
    }

    /// An error about the key at `path` (`initial.speed`, `ground.patches[1]`): at the key as
    /// written (its suffixed form if that set it, with a note that the message is in SI
    /// units); if the file does not set it, at the deepest enclosing table that it does set
    /// (the start of the file if none).
    pub fn error(
        &self,
        path: &str,
        kind: ConfigErrorKind,
        message: impl Into<String>,
    ) -> ConfigError {
        let segs = parse_path(path);
        let mut message = message.into();
        let (span, key) = self.converted(|tree| {
            let found = walk(tree, &segs, self.text);
            let mut written = found.written.clone();
            written.extend_from_slice(&segs[found.matched..]);
            if found.matched == segs.len()
                && let Some(span) = &found.span
            {
                let as_written = self.text.get(span.clone()).unwrap_or("");
                if let Some(c) = self.keys.iter().find(|c| c.key == as_written) {
                    message.push_str(&format!(
                        " (in SI units: `{}` is converted to `{}`)",
                        c.key, c.si_key
                    ));
                }
            }
            (found.span.unwrap_or(0..0), join(&written))
        });
        self.ctx().at(Some(span), key, kind, message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_messages_in_plain_words() {
        for (serde, plain) in [
            (
                "invalid type: string \"x\", expected f64",
                "expected a number, found the string \"x\"",
            ),
            (
                "invalid value: integer `300`, expected i8",
                "expected an integer from -128 to 127, found 300",
            ),
            (
                "invalid type: floating point `1.5`, expected usize",
                "expected a whole number (0 or more), found 1.5",
            ),
            (
                "invalid type: integer `3`, expected internally tagged enum TireModelKind",
                "expected a table with a `kind` key, found 3",
            ),
            (
                "unknown variant `lava`, expected one of `flat`, `incline`",
                "unknown value `lava`; expected one of: flat, incline",
            ),
            (
                "unknown field `foo`, expected `bar`",
                "unknown key `foo`; expected bar",
            ),
            ("missing field `kind`", "missing key `kind`"),
            (
                "invalid type: sequence, expected struct SurfacePatch",
                "expected a table, found an array",
            ),
        ] {
            assert_eq!(plain_message(serde), plain, "{serde}");
        }
    }
}
