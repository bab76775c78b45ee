//! `assistant-relay --registry query|set|delete <key> [<value>]`: the app's registration with the
//! browsers on Windows (electron/companion/registration/relay-registry.ts). Each browser finds the host
//! manifest through the default value of an HKCU key; the app used to set it with reg.exe, which
//! the "Prevent access to registry editing tools" policy (DisableRegistryTools) blocks on exactly
//! the managed computers that deploy the app. That policy stops the tools, not the registry API,
//! so the relay, already shipped and signed, calls advapi32 itself, in UTF-16 throughout.
//!
//! Only the five keys the app registers are accepted (`BROWSER_KEYS`: `registryPlaces` and `firefoxRegistryPlace`
//! in manifests.ts), and only their default value: the signed binary is not a general registry
//! writer. Each answer is one line of JSON on stdout, ASCII only (every other character as a
//! `\u` escape), so no console code page can change it: `{"ok":true,"value":…}` for a query
//! (`null` when the key or its string value is missing), `{"ok":true}` for a set,
//! `{"ok":true,"deleted":true|false}` for a delete, and `{"ok":false,"error":"refused"|
//! "unsupported"|"failed","message":…,"code":…}` with exit code 2 (refused, unsupported) or 1.

/// The native-messaging host's name (places.ts's NATIVE_HOST_NAME).
const HOST_NAME: &str = "com.assistant.desktop.companion";
/// Each browser's HKCU key under which it looks for NativeMessagingHosts (Firefox: Mozilla's).
const BROWSER_KEYS: [&str; 5] = [
    r"Software\Google\Chrome",
    r"Software\Chromium",
    r"Software\Microsoft\Edge",
    r"Software\BraveSoftware\Brave-Browser",
    r"Software\Mozilla",
];
/// A value longer than Windows' longest path is not a manifest's path.
const MAX_VALUE_UNITS: usize = 32_767;

#[derive(Debug, PartialEq)]
pub enum Request {
    Query(Vec<u16>),
    Set(Vec<u16>, Vec<u16>),
    Delete(Vec<u16>),
}

/// The key under HKEY_CURRENT_USER, as UTF-16, when `key` is one of the five this may touch
/// (`HKCU\` then the path, compared as Windows does: ASCII letters in any case).
fn allowed_key(key: &[u16]) -> Option<Vec<u16>> {
    let prefix: Vec<u16> = r"HKCU\".encode_utf16().collect();
    if key.len() < prefix.len() || !same_ignoring_case(&key[..prefix.len()], &prefix) {
        return None;
    }
    let path = &key[prefix.len()..];
    BROWSER_KEYS
        .iter()
        .map(|browser| {
            format!(r"{}\NativeMessagingHosts\{}", browser, HOST_NAME)
                .encode_utf16()
                .collect::<Vec<u16>>()
        })
        .find(|allowed| same_ignoring_case(path, allowed))
}

fn same_ignoring_case(a: &[u16], b: &[u16]) -> bool {
    let lower = |unit: u16| {
        if (u16::from(b'A')..=u16::from(b'Z')).contains(&unit) {
            unit + 32
        } else {
            unit
        }
    };
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| lower(*x) == lower(*y))
}

fn valid_value(value: &[u16]) -> bool {
    !value.is_empty() && value.len() <= MAX_VALUE_UNITS && !value.contains(&0)
}

/// The request from the arguments after `--registry`, or why it is refused.
pub fn parse(args: &[Vec<u16>]) -> Result<Request, String> {
    let verb = args.first().map(|v| String::from_utf16_lossy(v));
    let key = |at: usize| {
        args.get(at)
            .and_then(|key| allowed_key(key))
            .ok_or_else(|| "not a key the companion registers".to_string())
    };
    match (verb.as_deref(), args.len()) {
        (Some("query"), 2) => Ok(Request::Query(key(1)?)),
        (Some("delete"), 2) => Ok(Request::Delete(key(1)?)),
        (Some("set"), 3) => {
            let value = &args[2];
            if !valid_value(value) {
                return Err("not a value the companion registers".into());
            }
            Ok(Request::Set(key(1)?, value.clone()))
        }
        _ => Err("usage: --registry query <key> | set <key> <value> | delete <key>".into()),
    }
}

/// A JSON string of UTF-16 units: printable ASCII as is, every other unit (a lone surrogate
/// included, which the registry allows) as `\uXXXX`, so the value reaches the app unchanged.
pub fn quote_utf16(units: &[u16]) -> String {
    let mut out = String::with_capacity(units.len() + 2);
    out.push('"');
    for &unit in units {
        match unit {
            0x22 => out.push_str("\\\""),
            0x5c => out.push_str("\\\\"),
            0x20..=0x7e => out.push(char::from(unit as u8)),
            _ => out.push_str(&format!("\\u{:04x}", unit)),
        }
    }
    out.push('"');
    out
}

pub fn failure(error: &str, message: &str, code: Option<i32>) -> String {
    let units: Vec<u16> = message.encode_utf16().collect();
    let code = code.map(|c| format!(",\"code\":{}", c)).unwrap_or_default();
    format!(
        "{{\"ok\":false,\"error\":\"{}\",\"message\":{}{}}}",
        error,
        quote_utf16(&units),
        code
    )
}

/// Runs `--registry …`: prints its one line of JSON, returns the exit code.
pub fn run(args: &[Vec<u16>]) -> i32 {
    let (line, code) = match parse(args) {
        Err(why) => (failure("refused", &why, None), 2),
        Ok(request) => match perform(&request) {
            Ok(line) => (line, 0),
            Err(Failure::Unsupported) => (
                failure("unsupported", "the registry exists on Windows only", None),
                2,
            ),
            Err(Failure::System(code)) => (
                failure(
                    "failed",
                    &std::io::Error::from_raw_os_error(code).to_string(),
                    Some(code),
                ),
                1,
            ),
        },
    };
    println!("{}", line);
    code
}

/// Unsupported is built on other OSes only, System on Windows only.
#[allow(dead_code)]
pub enum Failure {
    Unsupported,
    System(i32),
}

#[cfg(not(windows))]
fn perform(_request: &Request) -> Result<String, Failure> {
    Err(Failure::Unsupported)
}

#[cfg(windows)]
fn perform(request: &Request) -> Result<String, Failure> {
    match request {
        Request::Query(key) => Ok(match windows::query(key)? {
            Some(value) => format!("{{\"ok\":true,\"value\":{}}}", quote_utf16(&value)),
            None => "{\"ok\":true,\"value\":null}".to_string(),
        }),
        Request::Set(key, value) => {
            windows::set(key, value)?;
            Ok("{\"ok\":true}".to_string())
        }
        Request::Delete(key) => Ok(format!(
            "{{\"ok\":true,\"deleted\":{}}}",
            windows::delete(key)?
        )),
    }
}

/// The arguments as Windows gave them, in UTF-16 (a path need not be valid Unicode).
#[cfg(windows)]
pub fn wide(arg: &std::ffi::OsStr) -> Vec<u16> {
    use std::os::windows::ffi::OsStrExt;
    arg.encode_wide().collect()
}

#[cfg(not(windows))]
pub fn wide(arg: &std::ffi::OsStr) -> Vec<u16> {
    arg.to_string_lossy().encode_utf16().collect()
}

#[cfg(windows)]
mod windows {
    //! advapi32's registry calls, HKEY_CURRENT_USER only. Type-checked on Linux against Debian's
    //! Windows standard library (`npm run check:relay-windows`) and run under Wine by
    //! `npm run test:windows` (test/unit/companion/registration/registration.test.ts).
    use super::Failure;
    use core::ffi::c_void;
    use std::ptr::null_mut;

    type Hkey = *mut c_void;
    /// HKEY_CURRENT_USER: `(HKEY)(ULONG_PTR)(LONG)0x80000001`, sign-extended on 64-bit.
    fn current_user() -> Hkey {
        0x8000_0001_u32 as i32 as isize as Hkey
    }
    const KEY_SET_VALUE: u32 = 0x0002;
    const REG_SZ: u32 = 1;
    const RRF_RT_REG_SZ: u32 = 0x0000_0002;
    const ERROR_SUCCESS: i32 = 0;
    const ERROR_FILE_NOT_FOUND: i32 = 2;
    const ERROR_MORE_DATA: i32 = 234;
    const ERROR_UNSUPPORTED_TYPE: i32 = 1630;

    #[link(name = "advapi32")]
    extern "system" {
        fn RegCreateKeyExW(
            key: Hkey,
            sub_key: *const u16,
            reserved: u32,
            class: *mut u16,
            options: u32,
            sam_desired: u32,
            security_attributes: *mut c_void,
            result: *mut Hkey,
            disposition: *mut u32,
        ) -> i32;
        fn RegSetValueExW(
            key: Hkey,
            value_name: *const u16,
            reserved: u32,
            kind: u32,
            data: *const u8,
            data_size: u32,
        ) -> i32;
        fn RegCloseKey(key: Hkey) -> i32;
        fn RegGetValueW(
            key: Hkey,
            sub_key: *const u16,
            value: *const u16,
            flags: u32,
            kind: *mut u32,
            data: *mut c_void,
            data_size: *mut u32,
        ) -> i32;
        fn RegDeleteTreeW(key: Hkey, sub_key: *const u16) -> i32;
    }

    fn terminated(units: &[u16]) -> Vec<u16> {
        let mut out = units.to_vec();
        out.push(0);
        out
    }

    fn check(status: i32) -> Result<(), Failure> {
        if status == ERROR_SUCCESS {
            Ok(())
        } else {
            Err(Failure::System(status))
        }
    }

    /// The key's default value when it is a string; None when the key or that value is missing,
    /// or of another type (the app then writes it again).
    pub fn query(key: &[u16]) -> Result<Option<Vec<u16>>, Failure> {
        let key = terminated(key);
        let mut buffer: Vec<u16> = vec![0; 260];
        loop {
            let mut size = (buffer.len() * 2) as u32;
            // Safety: key is NUL-terminated; buffer holds `size` bytes; a null value name is the
            // default value.
            let status = unsafe {
                RegGetValueW(
                    current_user(),
                    key.as_ptr(),
                    std::ptr::null(),
                    RRF_RT_REG_SZ,
                    null_mut(),
                    buffer.as_mut_ptr() as *mut c_void,
                    &mut size,
                )
            };
            match status {
                ERROR_SUCCESS => {
                    // `size` counts bytes with the terminating NUL, which RegGetValueW adds.
                    let mut units = (size as usize) / 2;
                    while units > 0 && buffer[units - 1] == 0 {
                        units -= 1;
                    }
                    buffer.truncate(units);
                    return Ok(Some(buffer));
                }
                ERROR_MORE_DATA => buffer = vec![0; (size as usize + 1) / 2 + 1],
                ERROR_FILE_NOT_FOUND | ERROR_UNSUPPORTED_TYPE => return Ok(None),
                other => return Err(Failure::System(other)),
            }
        }
    }

    pub fn set(key: &[u16], value: &[u16]) -> Result<(), Failure> {
        let key = terminated(key);
        let data = terminated(value);
        let mut handle: Hkey = null_mut();
        // Safety: key is NUL-terminated; handle receives an open key, closed below.
        check(unsafe {
            RegCreateKeyExW(
                current_user(),
                key.as_ptr(),
                0,
                null_mut(),
                0,
                KEY_SET_VALUE,
                null_mut(),
                &mut handle,
                null_mut(),
            )
        })?;
        // Safety: data holds value and its NUL, `data.len() * 2` bytes, as REG_SZ wants.
        let status = unsafe {
            RegSetValueExW(
                handle,
                std::ptr::null(),
                0,
                REG_SZ,
                data.as_ptr() as *const u8,
                (data.len() * 2) as u32,
            )
        };
        // Safety: handle was opened above and is closed once.
        unsafe { RegCloseKey(handle) };
        check(status)
    }

    /// Removes the key and anything under it (as `reg delete /f` and NSIS's DeleteRegKey do);
    /// false when it was not there.
    pub fn delete(key: &[u16]) -> Result<bool, Failure> {
        let key = terminated(key);
        // Safety: key is NUL-terminated.
        match unsafe { RegDeleteTreeW(current_user(), key.as_ptr()) } {
            ERROR_SUCCESS => Ok(true),
            ERROR_FILE_NOT_FOUND => Ok(false),
            other => Err(Failure::System(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(text: &str) -> Vec<u16> {
        text.encode_utf16().collect()
    }

    const CHROME: &str =
        r"HKCU\Software\Google\Chrome\NativeMessagingHosts\com.assistant.desktop.companion";

    #[test]
    fn takes_the_five_keys_in_any_case_and_writes_their_own_spelling() {
        let path = w(&CHROME[5..]);
        assert_eq!(
            parse(&[w("query"), w(CHROME)]),
            Ok(Request::Query(path.clone()))
        );
        assert_eq!(
            parse(&[w("delete"), w(&CHROME.to_ascii_lowercase())]),
            Ok(Request::Delete(path.clone()))
        );
        for browser in BROWSER_KEYS {
            let key = format!(r"HKCU\{}\NativeMessagingHosts\{}", browser, HOST_NAME);
            assert!(parse(&[w("query"), w(&key)]).is_ok(), "{}", key);
        }
    }

    #[test]
    fn refuses_every_other_key() {
        for key in [
            "",
            r"HKCU\Software\Microsoft\Windows\CurrentVersion\Run",
            r"HKLM\Software\Google\Chrome\NativeMessagingHosts\com.assistant.desktop.companion",
            r"HKCU\Software\Google\Chrome\NativeMessagingHosts\com.other.host",
            r"HKCU\Software\Mozilla\NativeMessagingHosts\com.other.host",
            r"HKCU\Software\Mozilla\Firefox\NativeMessagingHosts\com.assistant.desktop.companion",
            r"HKCU\Software\Google\Chrome\NativeMessagingHosts\com.assistant.desktop.companion\x",
            r"HKCU\Software\Google\Chrome\NativeMessagingHosts\com.assistant.desktop.companion ",
            r"Software\Google\Chrome\NativeMessagingHosts\com.assistant.desktop.companion",
        ] {
            assert!(
                parse(&[w("set"), w(key), w(r"C:\m.json")]).is_err(),
                "{}",
                key
            );
            assert!(parse(&[w("delete"), w(key)]).is_err(), "{}", key);
        }
    }

    #[test]
    fn refuses_a_bad_value_or_command() {
        assert!(parse(&[w("set"), w(CHROME), w("")]).is_err());
        assert!(parse(&[w("set"), w(CHROME), vec![0x43, 0, 0x44]]).is_err());
        assert!(parse(&[w("set"), w(CHROME), vec![0x41; MAX_VALUE_UNITS + 1]]).is_err());
        assert!(parse(&[w("set"), w(CHROME)]).is_err());
        assert!(parse(&[w("query"), w(CHROME), w("extra")]).is_err());
        assert!(parse(&[w("rename"), w(CHROME)]).is_err());
        assert!(parse(&[]).is_err());
        assert_eq!(
            parse(&[w("set"), w(CHROME), w(r"C:\Users\Zoë\m.json")]),
            Ok(Request::Set(w(&CHROME[5..]), w(r"C:\Users\Zoë\m.json")))
        );
    }

    #[test]
    fn quotes_every_unit_as_ascii_json() {
        let text = r#"C:\Users\Zoë "😀"\m.json"#;
        let quoted = quote_utf16(&w(text));
        assert!(quoted.is_ascii());
        assert_eq!(quoted, r#""C:\\Users\\Zo\u00eb \"\ud83d\ude00\"\\m.json""#);
        assert!(crate::json::is_json(quoted.as_bytes()));
        // A lone surrogate, which the registry may hold, survives as its escape.
        assert_eq!(quote_utf16(&[0xd800, 0x0a]), r#""\ud800\u000a""#);
    }

    #[test]
    fn says_why_as_json() {
        let line = failure("failed", "Zugriff verweigert", Some(5));
        assert!(crate::json::is_json(line.as_bytes()));
        assert!(line.contains("\"code\":5"));
    }
}
