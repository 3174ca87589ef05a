//! `report.html` renders in a real browser. Debian's headless Chromium opens a harness page
//! from a small HTTP server (std::net, in this file) that serves the report directory; the
//! harness loads `report.html` in a same-origin iframe and, after load, writes a verdict into
//! its own DOM: every `<img>` decoded (`complete && naturalWidth > 0`), every image re-fetched
//! and parsed by the browser's XML parser as an SVG document with `viewBox`, `width` and
//! `height`, and a copy of the KPI table. `--dump-dom` prints that DOM; the server's log says
//! which paths were asked for and what they got.
//!
//! Chromium is `$SKIDPAD_CHROMIUM` (a path) if set, else `/usr/bin/chromium`, else `chromium`
//! on `PATH`. Without one the browser tests print `skipped: chromium not installed` and pass,
//! unless `SKIDPAD_REQUIRE_CHROMIUM=1` (CI sets it): then they fail.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

mod support;
use support::{img_sources, skidpad};

/// Flags for a root user on a machine without network, display or D-Bus.
const CHROMIUM_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];
/// Virtual time the page gets before its DOM is dumped, in ms.
const VIRTUAL_TIME_BUDGET_MS: u32 = 10_000;
/// Wall-clock limit for one browser run; past it the process group is killed and the test fails.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(90);
/// A known KPI key that both reports' tables carry.
const KPI_KEY: &str = "vehicle_mass_kg";
/// Path of the harness page; it is served from memory, never written into the report directory.
const HARNESS_PATH: &str = "/harness.html";

/// The harness page. The verdict's first line is `IMAGES_OK n` or `IMAGES_BROKEN k/n src…`,
/// the second `SVG_XML_OK n` or `SVG_XML_BAD k/n src:reason…`; `PENDING` if it never ran.
const HARNESS: &str = r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>skidpad report harness</title>
<script>
const SVG_NS = "http://www.w3.org/2000/svg";
function say(id, text) { document.getElementById(id).textContent = text; }
window.addEventListener("error", (e) => say("verdict", "SCRIPT_ERROR " + e.message));
async function svgProblem(url) {
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok) return "http" + r.status;
  const xml = new DOMParser().parseFromString(await r.text(), "image/svg+xml");
  if (xml.getElementsByTagName("parsererror").length > 0) return "parse";
  const root = xml.documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== "svg") return "root";
  for (const a of ["viewBox", "width", "height"]) {
    if (!root.hasAttribute(a)) return "no-" + a;
  }
  return null;
}
async function check(frame) {
  try {
    const doc = frame.contentDocument;
    if (!doc) { say("verdict", "NO_DOCUMENT"); return; }
    const imgs = Array.from(doc.images);
    const broken = imgs.filter((i) => !(i.complete && i.naturalWidth > 0))
      .map((i) => i.getAttribute("src"));
    say("sizes", imgs.map((i) => i.getAttribute("src") + " " + i.naturalWidth + "x"
      + i.naturalHeight).join("\n"));
    const bad = [];
    for (const i of imgs) {
      const p = await svgProblem(new URL(i.getAttribute("src"), doc.baseURI));
      if (p) bad.push(i.getAttribute("src") + ":" + p);
    }
    const table = doc.getElementById("kpis");
    document.getElementById("kpis-copy").innerHTML = table ? table.outerHTML : "NO_KPI_TABLE";
    say("verdict", [
      broken.length === 0 ? "IMAGES_OK " + imgs.length
        : "IMAGES_BROKEN " + broken.length + "/" + imgs.length + " " + broken.join(" "),
      bad.length === 0 ? "SVG_XML_OK " + imgs.length
        : "SVG_XML_BAD " + bad.length + "/" + imgs.length + " " + bad.join(" "),
    ].join("\n"));
  } catch (e) {
    say("verdict", "SCRIPT_ERROR " + e);
  }
}
</script>
</head>
<body>
<pre id="verdict">PENDING</pre>
<pre id="sizes"></pre>
<div id="kpis-copy"></div>
<iframe src="report.html" width="1024" height="768" onload="check(this)"></iframe>
</body>
</html>
"#;

// --- Chromium --------------------------------------------------------------------------------

/// The Chromium to use, or `None` after saying the test is skipped.
///
/// # Panics
/// If none is found and `SKIDPAD_REQUIRE_CHROMIUM=1`.
fn chromium() -> Option<PathBuf> {
    let found = match std::env::var_os("SKIDPAD_CHROMIUM") {
        Some(p) => Some(PathBuf::from(p)).filter(|p| p.is_file()),
        None => std::iter::once(PathBuf::from("/usr/bin/chromium"))
            .chain(
                std::env::var_os("PATH")
                    .iter()
                    .flat_map(std::env::split_paths)
                    .map(|d| d.join("chromium")),
            )
            .find(|p| p.is_file()),
    };
    if found.is_none() {
        let where_ = "looked at $SKIDPAD_CHROMIUM, /usr/bin/chromium and PATH";
        assert!(
            std::env::var("SKIDPAD_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
            "chromium not installed ({where_}) and SKIDPAD_REQUIRE_CHROMIUM=1; \
             install it with `apt-get install chromium`"
        );
        // Straight to stderr: the test harness captures `eprintln!` of passing tests.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: chromium not installed ({where_}); `apt-get install chromium` to run the \
             browser check"
        );
    }
    found
}

/// `chromium --dump-dom url` with a fresh profile under `scratch`; the DOM after the virtual
/// time budget.
///
/// # Panics
/// If the browser fails or outlives [`BROWSER_TIMEOUT`] (its process group is then killed).
fn dump_dom(chromium: &Path, url: &str, scratch: &Path) -> String {
    let profile = scratch.join("profile");
    std::fs::create_dir_all(&profile).unwrap();
    let (dom_path, log_path) = (scratch.join("dom.html"), scratch.join("chromium.log"));
    let mut child = Command::new(chromium)
        .args(CHROMIUM_FLAGS)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--virtual-time-budget={VIRTUAL_TIME_BUDGET_MS}"))
        .arg("--dump-dom")
        .arg(url)
        .stdin(Stdio::null())
        .stdout(File::create(&dom_path).unwrap())
        .stderr(File::create(&log_path).unwrap())
        // Its own process group, so a hung browser goes down with all its helpers.
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", chromium.display()));
    let deadline = Instant::now() + BROWSER_TIMEOUT;
    let log = || std::fs::read_to_string(&log_path).unwrap_or_default();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "chromium did not finish within {BROWSER_TIMEOUT:?}; killed. Log:\n{}",
                log()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "chromium: {status}. Log:\n{}", log());
    std::fs::read_to_string(&dom_path).unwrap()
}

// --- HTTP server -----------------------------------------------------------------------------

/// A static file server on `127.0.0.1:0` for one directory plus [`HARNESS_PATH`]; every
/// request's path and status go into `log`. One thread per connection, `Connection: close`.
struct Server {
    addr: SocketAddr,
    log: Arc<Mutex<Vec<(String, u16)>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    fn start(root: &Path) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (root, log2, stop2) = (root.to_path_buf(), log.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            for conn in listener.incoming() {
                if stop2.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(conn) = conn else { continue };
                let (root, log) = (root.clone(), log2.clone());
                std::thread::spawn(move || serve(conn, &root, &log));
            }
        });
        Server {
            addr,
            log,
            stop,
            thread: Some(thread),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    fn log(&self) -> Vec<(String, u16)> {
        self.log.lock().unwrap().clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop.
        let _ = TcpStream::connect(self.addr);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("csv") => "text/csv; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// `%XX` escapes decoded; `None` if malformed or not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let mut out = Vec::new();
    let mut bytes = s.bytes();
    while let Some(b) = bytes.next() {
        if b == b'%' {
            let hex = [bytes.next()?, bytes.next()?];
            out.push(u8::from_str_radix(std::str::from_utf8(&hex).ok()?, 16).ok()?);
        } else {
            out.push(b);
        }
    }
    String::from_utf8(out).ok()
}

/// Answer one request on `conn`: the harness, a file under `root`, or 404.
fn serve(conn: TcpStream, root: &Path, log: &Mutex<Vec<(String, u16)>>) {
    conn.set_read_timeout(Some(Duration::from_secs(10))).ok();
    let mut reader = BufReader::new(&conn);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).unwrap_or(0) == 0 {
        return; // a speculative connection that never sent a request
    }
    loop {
        let mut header = String::new();
        match reader.read_line(&mut header) {
            Ok(n) if n > 0 && header != "\r\n" && header != "\n" => {}
            _ => break,
        }
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let path = target.split(['?', '#']).next().unwrap_or("").to_string();
    let (status, ctype, body): (u16, &str, Vec<u8>) = if method != "GET" && method != "HEAD" {
        (405, "text/plain", b"method not allowed\n".to_vec())
    } else if path == HARNESS_PATH {
        (200, "text/html; charset=utf-8", HARNESS.as_bytes().to_vec())
    } else {
        let file = percent_decode(&path)
            .and_then(|p| p.strip_prefix('/').map(str::to_string))
            .filter(|p| !p.is_empty() && !p.split('/').any(|c| c == ".." || c.is_empty()))
            .map(|p| root.join(p))
            .filter(|f| f.is_file());
        match file.and_then(|f| Some((content_type(&f), std::fs::read(&f).ok()?))) {
            Some((ctype, bytes)) => (200, ctype, bytes),
            None => (404, "text/plain", b"not found\n".to_vec()),
        }
    };
    log.lock().unwrap().push((path, status));
    let reason = match status {
        200 => "OK",
        404 => "Not Found",
        _ => "Method Not Allowed",
    };
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let mut conn = &conn;
    let _ = conn.write_all(head.as_bytes());
    if method != "HEAD" {
        let _ = conn.write_all(&body);
    }
    let _ = conn.flush();
}

// --- Reports and checks ----------------------------------------------------------------------

/// A fresh scratch directory: `report/` (served) and `browser/` (profile, DOM, log).
fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skidpad-chromium-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("browser")).unwrap();
    dir
}

/// The text of `<pre id="{id}">` in a dumped DOM.
fn pre(dom: &str, id: &str) -> String {
    let open = format!("<pre id=\"{id}\">");
    let Some(start) = dom.find(&open).map(|i| i + open.len()) else {
        return String::new();
    };
    dom[start..]
        .split("</pre>")
        .next()
        .unwrap_or("")
        .to_string()
}

/// What one browser visit saw.
struct Visit {
    dom: String,
    verdict: String,
    requests: Vec<(String, u16)>,
    srcs: Vec<String>,
}

/// Serve `report_dir`, open the harness in `chromium`, and collect the verdict.
fn visit(chromium: &Path, report_dir: &Path, browser_dir: &Path) -> Visit {
    let html = std::fs::read_to_string(report_dir.join("report.html")).unwrap();
    let server = Server::start(report_dir);
    let dom = dump_dom(chromium, &server.url(HARNESS_PATH), browser_dir);
    let requests = server.log();
    Visit {
        verdict: pre(&dom, "verdict"),
        dom,
        requests,
        srcs: img_sources(&html),
    }
}

/// Everything a healthy report shows in the browser.
fn assert_renders(v: &Visit) {
    let n = v.srcs.len();
    assert!(n >= 8, "report.html has only {n} <img>");
    let ctx = || {
        format!(
            "verdict:\n{}\nimages:\n{}\nrequests: {:?}",
            v.verdict,
            pre(&v.dom, "sizes"),
            v.requests
        )
    };
    let lines: Vec<&str> = v.verdict.lines().collect();
    assert_eq!(
        lines.first().copied(),
        Some(format!("IMAGES_OK {n}").as_str()),
        "{}",
        ctx()
    );
    assert_eq!(
        lines.get(1).copied(),
        Some(format!("SVG_XML_OK {n}").as_str()),
        "{}",
        ctx()
    );
    let asked = |p: &str| v.requests.iter().any(|(r, s)| r == p && *s == 200);
    assert!(asked("/report.html"), "{}", ctx());
    for s in &v.srcs {
        assert!(asked(&format!("/{s}")), "no request for {s}\n{}", ctx());
    }
    let missing: Vec<_> = v.requests.iter().filter(|(_, s)| *s == 404).collect();
    assert!(missing.is_empty(), "404s: {missing:?}\n{}", ctx());
    assert!(
        v.dom.contains(&format!("<td>{KPI_KEY}</td>")),
        "no KPI table in the DOM:\n{}",
        v.dom
    );
}

#[test]
fn run_report_renders_in_chromium() {
    let Some(chromium) = chromium() else { return };
    let dir = scratch("run");
    skidpad(&["run"], &dir.join("report"));
    let v = visit(&chromium, &dir.join("report"), &dir.join("browser"));
    assert_renders(&v);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn compare_report_renders_in_chromium() {
    let Some(chromium) = chromium() else { return };
    let dir = scratch("compare");
    skidpad(&["compare", "sedan", "hatch-fwd"], &dir.join("report"));
    let v = visit(&chromium, &dir.join("report"), &dir.join("browser"));
    assert_renders(&v);
    std::fs::remove_dir_all(&dir).ok();
}

/// The check can fail: a deleted plot and a truncated (malformed XML) plot are both reported
/// broken (2 of the page's 8 plots: `sedan-simple`'s 7 telemetry plots — no `engine.svg`, it
/// has direct drive — and the steady-state circle), the deleted one as a 404, and [`assert_renders`] rejects the visit.
#[test]
fn broken_report_is_detected() {
    let Some(chromium) = chromium() else { return };
    let dir = scratch("broken");
    let report = dir.join("report");
    skidpad(&["run", "--vehicle", "sedan-simple"], &report);
    std::fs::remove_file(report.join("gg.svg")).unwrap();
    let speed = std::fs::read_to_string(report.join("speed.svg")).unwrap();
    std::fs::write(report.join("speed.svg"), &speed[..speed.len() / 2]).unwrap();
    let v = visit(&chromium, &report, &dir.join("browser"));
    let lines: Vec<&str> = v.verdict.lines().collect();
    let images = lines.first().copied().unwrap_or("");
    assert!(images.starts_with("IMAGES_BROKEN 2/8 "), "{}", v.verdict);
    assert!(
        images.contains("gg.svg") && images.contains("speed.svg"),
        "{images}"
    );
    let xml = lines.get(1).copied().unwrap_or("");
    assert!(xml.starts_with("SVG_XML_BAD 2/8 "), "{}", v.verdict);
    assert!(
        xml.contains("gg.svg:http404") && xml.contains("speed.svg:parse"),
        "{xml}"
    );
    assert!(
        v.requests.iter().any(|(p, s)| p == "/gg.svg" && *s == 404),
        "{:?}",
        v.requests
    );
    let caught = std::panic::catch_unwind(|| assert_renders(&v));
    assert!(caught.is_err(), "assert_renders accepted a broken report");
    std::fs::remove_dir_all(&dir).ok();
}

/// The server alone (no browser): content types, the in-memory harness, 404s, no escapes.
#[test]
fn server_answers_with_types_and_404s() {
    let dir = scratch("server");
    let root = dir.join("report");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(
        root.join("a.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
    std::fs::write(root.join("report.html"), "<!DOCTYPE html>").unwrap();
    std::fs::write(dir.join("secret.txt"), "outside").unwrap();
    let server = Server::start(&root);
    let get = |path: &str| {
        let mut s = TcpStream::connect(server.addr).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut r = String::new();
        s.read_to_string(&mut r).unwrap();
        r
    };
    let svg = get("/a.svg");
    assert!(svg.starts_with("HTTP/1.1 200 "), "{svg}");
    assert!(svg.contains("Content-Type: image/svg+xml\r\n"), "{svg}");
    assert!(svg.ends_with("/>"), "{svg}");
    let page = get("/report.html?x=1");
    assert!(
        page.contains("Content-Type: text/html; charset=utf-8\r\n"),
        "{page}"
    );
    let harness = get(HARNESS_PATH);
    assert!(harness.contains("id=\"verdict\""), "{harness}");
    assert!(!root.join("harness.html").exists());
    for missing in ["/b.svg", "/../secret.txt", "/%2e%2e/secret.txt", "/"] {
        let r = get(missing);
        assert!(r.starts_with("HTTP/1.1 404 "), "{missing}: {r}");
    }
    let log = server.log();
    assert_eq!(log.len(), 7, "{log:?}");
    assert_eq!(log[0], ("/a.svg".to_string(), 200));
    assert_eq!(log[3], ("/b.svg".to_string(), 404));
    drop(server);
    std::fs::remove_dir_all(&dir).ok();
}
