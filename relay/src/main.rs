//! Assistant Desktop's native-messaging relay. The browser starts it for the companion extension
//! (Chromium: argv[1] is the extension's origin; Firefox: argv[1] is the host manifest's path and
//! argv[2] the extension's id, introduced to the app as `firefox:<id>`) and talks to it over
//! stdin/stdout in Chrome's frames (Firefox's are the same). The relay connects to the address the
//! app recorded in the user's companion folder (starting the app when it is not running), proves
//! that what listens there is the user's own (trust.rs) before sending it anything, introduces the
//! extension with a handshake frame, and then passes frames both ways unchanged.
//! Oversized or malformed frames are refused with an error frame to the extension, never passed
//! on and never fatal. It holds no secret and keeps nothing: it is a pipe with a doorman.

mod app_socket;
mod frames;
mod json;
mod launch;
mod places;
mod policies;
mod private_file;
mod registry;
mod trust;

use app_socket::Failure;
use frames::{Frame, Order, MAX_TO_APP, MAX_TO_EXTENSION};
use std::env;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const VERSION: &str = env!("CARGO_PKG_VERSION");
const PROTOCOL: u32 = 1;
/// How long to wait for an app it started (tests shorten it).
const WAIT_ENV: &str = "ASSISTANT_RELAY_WAIT_MS";
const DEFAULT_WAIT_MS: u64 = 20_000;
const MAX_ORIGIN: usize = 128;

type Extension = Arc<Mutex<io::Stdout>>;

fn send_to_extension(extension: &Extension, body: &[u8]) -> io::Result<()> {
    let mut out = extension
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    frames::write_frame(&mut *out, Order::Native, body)
}

/// A frame of the relay's own, telling the extension what went wrong.
fn relay_error(extension: &Extension, code: &str, message: &str) {
    let body = format!(
        "{{\"type\":\"relay-error\",\"code\":{},\"message\":{}}}",
        json::quote(code),
        json::quote(message)
    );
    let _ = send_to_extension(extension, body.as_bytes());
}

fn relay_status(extension: &Extension, state: &str) {
    let body = format!(
        "{{\"type\":\"relay-status\",\"state\":{}}}",
        json::quote(state)
    );
    let _ = send_to_extension(extension, body.as_bytes());
}

/// `chrome-extension://<id>/`, as Chromium passes it; nothing else is introduced to the app.
fn valid_origin(origin: &str) -> bool {
    match origin.strip_prefix("chrome-extension://") {
        Some(rest) => {
            origin.len() <= MAX_ORIGIN
                && rest.ends_with('/')
                && rest[..rest.len() - 1]
                    .bytes()
                    .all(|b| b.is_ascii_lowercase())
                && rest.len() > 1
        }
        None => false,
    }
}

/// A Firefox extension id as Firefox itself accepts one (`browser_specific_settings.gecko.id`):
/// `{<uuid>}` or `<name>@<domain>`, here at most 80 characters (addons.mozilla.org's limit).
fn valid_gecko_id(id: &str) -> bool {
    let plain = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_';
    if id.is_empty() || id.len() > 80 {
        return false;
    }
    if let Some(uuid) = id.strip_prefix('{').and_then(|rest| rest.strip_suffix('}')) {
        let groups: Vec<&str> = uuid.split('-').collect();
        return groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12])
            && groups
                .iter()
                .all(|g| g.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    match id.split_once('@') {
        Some((name, domain)) => {
            !domain.is_empty() && name.bytes().all(plain) && domain.bytes().all(plain)
        }
        None => false,
    }
}

/// Who started the relay, as the app is told (`origin` in the hello): Chromium's
/// `chrome-extension://<id>/` as it is (on Windows `--parent-window=<n>` follows it), or for
/// Firefox, which passes the host manifest's path and then the extension's id, `firefox:<id>`.
/// None for anything else: a person running it, another program. Whether that extension may be
/// served is the app's decision (its allowed list), not the relay's.
fn caller(args: &[String]) -> Option<String> {
    let first = args.get(1)?;
    if valid_origin(first) {
        return Some(first.clone());
    }
    let id = args.get(2)?;
    (first.ends_with(".json") && args.len() == 3 && valid_gecko_id(id))
        .then(|| format!("firefox:{}", id))
}

fn wait_limit() -> Duration {
    let ms = env::var(WAIT_ENV)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(DEFAULT_WAIT_MS);
    Duration::from_millis(ms)
}

/// The app's address: the environment's (tests), else the address file the app wrote. None when
/// there is no address file (the app never ran, or the file was removed): the app is not there.
fn app_address() -> Result<Option<PathBuf>, String> {
    if let Some(path) = places::socket_override() {
        return Ok(Some(path));
    }
    let file = places::address_file();
    let text = match private_file::read(&file) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("{}: {}", file.display(), error)),
    };
    match places::parse_address(&text) {
        Some(path) => Ok(Some(path)),
        None => Err(format!("{} does not hold an address", file.display())),
    }
}

/// One attempt at the app's current address.
fn try_connect() -> Result<app_socket::Halves, Failure> {
    match app_address() {
        Ok(Some(path)) => app_socket::connect(&path),
        Ok(None) => Err(Failure::Absent(io::ErrorKind::NotFound.into())),
        Err(why) => Err(Failure::Untrusted(why)),
    }
}

type Refusal = (String, String);

fn untrusted(why: &str) -> Refusal {
    (
        "app-untrusted".into(),
        format!(
            "Nothing was sent to the app's address: it is not this user's own Assistant Desktop ({}).",
            why
        ),
    )
}

/// Connects to the app; when it is not running, starts it once and waits for it. What answers
/// at the address is checked before anything is sent (trust.rs); a refusal is final.
fn connect_to_app(extension: &Extension) -> Result<app_socket::Halves, Refusal> {
    match try_connect() {
        Ok(halves) => return Ok(halves),
        Err(Failure::Absent(_)) => {}
        Err(Failure::Untrusted(why)) => return Err(untrusted(&why)),
        Err(Failure::Other(error)) => {
            return Err((
                "app-unreachable".into(),
                format!("Could not reach Assistant Desktop: {}", error),
            ))
        }
    }
    let command = launch::read_launch_file(&places::launch_file()).map_err(|error| {
        (
            "app-not-running".to_string(),
            format!("Assistant Desktop is not running and could not be started ({}). Open it, then try again.", error),
        )
    })?;
    relay_status(extension, "starting-app");
    launch::start(&command).map_err(|error| {
        (
            "app-not-started".to_string(),
            format!("Assistant Desktop could not be started: {}", error),
        )
    })?;
    let deadline = Instant::now() + wait_limit();
    loop {
        thread::sleep(Duration::from_millis(100));
        // Read again each time: the app writes its new address once it listens.
        match try_connect() {
            Ok(halves) => return Ok(halves),
            Err(Failure::Untrusted(why)) => return Err(untrusted(&why)),
            Err(Failure::Absent(_)) if Instant::now() < deadline => {}
            Err(_) => {
                return Err((
                    "app-not-started".into(),
                    "Assistant Desktop was started but did not answer in time.".into(),
                ))
            }
        }
    }
}

fn hello(origin: &str, browser: Option<&str>) -> String {
    let browser = match browser {
        Some(name) => format!(",\"browser\":{}", json::quote(name)),
        None => String::new(),
    };
    format!(
        "{{\"type\":\"hello\",\"origin\":{},\"relay\":{},\"protocol\":{}{}}}",
        json::quote(origin),
        json::quote(VERSION),
        PROTOCOL,
        browser
    )
}

/// The name of the process that started the relay (the browser), where reading it is cheap, so
/// the app can say "Chrome" rather than "a browser". Only printable ASCII, at most 64 bytes.
fn browser_name() -> Option<String> {
    parent_name().and_then(|raw| clean_name(&raw))
}

#[cfg(target_os = "linux")]
fn parent_name() -> Option<String> {
    let parent = std::os::unix::process::parent_id();
    std::fs::read_to_string(format!("/proc/{}/comm", parent)).ok()
}

/// macOS and Windows: not read (a process's name there needs system calls std does not offer).
#[cfg(not(target_os = "linux"))]
fn parent_name() -> Option<String> {
    None
}

fn clean_name(raw: &str) -> Option<String> {
    let name = raw.trim();
    if name.is_empty() || name.len() > 64 || !name.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return None;
    }
    Some(name.to_string())
}

/// A frame is passed on only when it is UTF-8 JSON.
fn well_formed(body: &[u8]) -> bool {
    std::str::from_utf8(body).is_ok() && json::is_json(body)
}

/// How the extension → app direction ended.
#[derive(Debug, PartialEq)]
enum Ended {
    /// The browser closed the port (stdin ended or failed): nobody is left to pass anything to.
    Browser,
    /// A write to the app failed: the app closed the connection, and the frames it sent before
    /// closing (a refusal saying why) may still be on their way to the extension.
    App,
}

/// Extension → app, until the browser closes the port or the app the connection.
fn extension_to_app(input: &mut dyn Read, app: &mut dyn Write, extension: &Extension) -> Ended {
    loop {
        let frame = match frames::read_frame(input, Order::Native, MAX_TO_APP) {
            Ok(frame) => frame,
            Err(_) => return Ended::Browser,
        };
        match frame {
            Frame::End => return Ended::Browser,
            Frame::Oversized(len) => relay_error(
                extension,
                "frame-too-large",
                &format!(
                    "A message of {} bytes is over the {} byte limit; it was not sent.",
                    len, MAX_TO_APP
                ),
            ),
            Frame::Body(body) if !well_formed(&body) => relay_error(
                extension,
                "malformed-frame",
                "A message that is not JSON was not sent.",
            ),
            Frame::Body(body) => {
                if frames::write_frame(app, Order::Little, &body).is_err() {
                    return Ended::App;
                }
            }
        }
    }
}

/// App → extension, until the app closes the socket.
fn app_to_extension(mut app: Box<dyn Read + Send>, extension: Extension) -> io::Result<()> {
    loop {
        match frames::read_frame(&mut *app, Order::Little, MAX_TO_EXTENSION)? {
            Frame::End => return Ok(()),
            Frame::Oversized(len) => relay_error(
                &extension,
                "frame-too-large",
                &format!(
                    "The app sent a message of {} bytes, over the browser's limit; it was dropped.",
                    len
                ),
            ),
            Frame::Body(body) if !well_formed(&body) => relay_error(
                &extension,
                "malformed-frame",
                "The app sent a message that is not JSON; it was dropped.",
            ),
            Frame::Body(body) => send_to_extension(&extension, &body)?,
        }
    }
}

fn main() {
    // Before env::args(), which would stop at a value that is not Unicode (a Windows path can be).
    if env::args_os().nth(1).as_deref() == Some(std::ffi::OsStr::new("--registry")) {
        // The app's registration with the browsers on Windows (registry.rs says why here).
        let rest: Vec<Vec<u16>> = env::args_os().skip(2).map(|a| registry::wide(&a)).collect();
        process::exit(registry::run(&rest));
    }
    if env::args_os().nth(1).as_deref() == Some(std::ffi::OsStr::new("--policies")) {
        // IT's policies for the app on Windows (policies.rs says which keys and how).
        let rest: Vec<std::ffi::OsString> = env::args_os().skip(2).collect();
        process::exit(policies::run(&rest));
    }
    let args: Vec<String> = env::args().collect();
    let first = args.get(1).map(String::as_str).unwrap_or("");
    if first == "--version" {
        println!("assistant-relay {} (protocol {})", VERSION, PROTOCOL);
        return;
    }
    if first == "--print-places" {
        println!("{}", places::address_file().display());
        println!("{}", places::launch_file().display());
        return;
    }
    let extension: Extension = Arc::new(Mutex::new(io::stdout()));
    // A match, not let-else: the relay builds with Debian's Rust (1.63) for Windows too.
    let origin = match caller(&args) {
        Some(origin) => origin,
        None => {
            eprintln!(
                "assistant-relay is started by the browser for the Assistant companion extension."
            );
            relay_error(
                &extension,
                "bad-origin",
                "The relay was not started by a browser extension.",
            );
            process::exit(2);
        }
    };
    let (reader, mut writer) = match connect_to_app(&extension) {
        Ok(halves) => halves,
        Err((code, message)) => {
            relay_error(&extension, &code, &message);
            process::exit(1);
        }
    };
    let greeting = hello(&origin, browser_name().as_deref());
    if frames::write_frame(&mut *writer, Order::Little, greeting.as_bytes()).is_err() {
        relay_error(
            &extension,
            "app-closed",
            "Assistant Desktop closed the connection.",
        );
        process::exit(1);
    }
    let to_extension = extension.clone();
    let app_side = thread::spawn(move || {
        let outcome = app_to_extension(reader, to_extension.clone());
        let message = match outcome {
            Ok(()) => "Assistant Desktop closed the connection.".to_string(),
            Err(error) => format!("The connection to Assistant Desktop failed: {}", error),
        };
        relay_error(&to_extension, "app-closed", &message);
        process::exit(0);
    });
    let stdin = io::stdin();
    let ended = extension_to_app(&mut stdin.lock(), &mut *writer, &extension);
    if ended == Ended::App {
        // The app closed while the extension was still sending (it cut a flooding connection, for
        // one): what it sent before closing is still in the socket. The other direction passes it
        // on, reaches the socket's end and ends the relay; exiting here would drop the refusal.
        let _ = app_side.join();
    }
    // The browser closing the port (stdin's end) ends the relay at once.
    process::exit(0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_only_extension_origins() {
        assert!(valid_origin(
            "chrome-extension://onobfabojmcojifpgelmncjhfafaoboe/"
        ));
        for bad in [
            "",
            "--parent-window=0",
            "chrome-extension://",
            "chrome-extension:///",
            "chrome-extension://abc",
            "chrome-extension://ABC/",
            "chrome-extension://a\"b/",
            "https://example.com/",
        ] {
            assert!(!valid_origin(bad), "{}", bad);
        }
        let long = format!("chrome-extension://{}/", "a".repeat(200));
        assert!(!valid_origin(&long));
    }

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn names_a_chromium_caller_by_its_origin() {
        let origin = "chrome-extension://onobfabojmcojifpgelmncjhfafaoboe/";
        assert_eq!(caller(&args(&["relay", origin])), Some(origin.into()));
        // Chromium on Windows adds the window it was started for.
        assert_eq!(
            caller(&args(&["relay", origin, "--parent-window=0"])),
            Some(origin.into())
        );
    }

    #[test]
    fn names_a_firefox_caller_by_its_extension_id() {
        let manifest =
            "/home/mia/.mozilla/native-messaging-hosts/com.assistant.desktop.companion.json";
        for id in [
            "companion@assistant-desktop.example",
            "{0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b}",
        ] {
            assert_eq!(
                caller(&args(&["relay", manifest, id])),
                Some(format!("firefox:{}", id))
            );
        }
        let windows = r"C:\Users\Mia\AppData\Local\Assistant Desktop\companion\com.assistant.desktop.companion.firefox.json";
        assert_eq!(
            caller(&args(&[
                "relay",
                windows,
                "companion@assistant-desktop.example"
            ])),
            Some("firefox:companion@assistant-desktop.example".into())
        );
    }

    #[test]
    fn refuses_other_callers() {
        let manifest =
            "/home/mia/.mozilla/native-messaging-hosts/com.assistant.desktop.companion.json";
        for list in [
            vec!["relay"],
            vec!["relay", manifest],
            vec!["relay", "companion@assistant-desktop.example"],
            vec!["relay", "/tmp/x.txt", "companion@assistant-desktop.example"],
            vec![
                "relay",
                manifest,
                "companion@assistant-desktop.example",
                "more",
            ],
            vec!["relay", manifest, "no-at-sign"],
            vec!["relay", manifest, "a@b\"c"],
            vec!["relay", manifest, "a b@example"],
            vec!["relay", manifest, "{0f8e2a4c-1b3d-4e5f-8a9b}"],
            vec!["relay", manifest, "{0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5g}"],
        ] {
            assert_eq!(caller(&args(&list)), None, "{:?}", list);
        }
        let long = format!("{}@example.com", "a".repeat(80));
        assert_eq!(caller(&args(&["relay", manifest, &long])), None);
    }

    /// A writer whose reader has gone, as the app's socket is once the app closed it.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _buf: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn tells_a_closed_app_from_a_closed_browser() {
        let extension: Extension = Arc::new(Mutex::new(io::stdout()));
        let mut one_call = Vec::new();
        frames::write_frame(&mut one_call, Order::Native, b"{\"type\":\"call\"}").unwrap();

        let mut sent = Vec::new();
        let ended = extension_to_app(&mut &one_call[..], &mut sent, &extension);
        assert_eq!(ended, Ended::Browser);
        assert_eq!(sent.len(), one_call.len());

        let ended = extension_to_app(&mut &one_call[..], &mut Closed, &extension);
        assert_eq!(ended, Ended::App);
    }

    #[test]
    fn says_hello_as_json() {
        let text = hello("chrome-extension://abc/", None);
        assert!(json::is_json(text.as_bytes()));
        assert!(text.contains("\"origin\":\"chrome-extension://abc/\""));
        assert!(!text.contains("browser"));
        let named = hello("chrome-extension://abc/", Some("chrome"));
        assert!(json::is_json(named.as_bytes()));
        assert!(named.contains("\"browser\":\"chrome\""));
    }

    #[test]
    fn keeps_only_a_plain_process_name() {
        assert_eq!(clean_name("chrome\n"), Some("chrome".to_string()));
        assert_eq!(clean_name("  \n"), None);
        assert_eq!(clean_name("na\u{1}me"), None);
        assert_eq!(clean_name(&"x".repeat(65)), None);
    }
}
