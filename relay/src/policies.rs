//! `assistant-relay --policies`: the app's policies as IT's Group Policy or Intune wrote them, read
//! from exactly two keys, `HKLM\Software\Policies\Assistant\Assistant Desktop` (the machine's)
//! and the same path under HKCU (the user's), for electron/core/policy/windows-registry.ts. It
//! reads through advapi32, as `--registry` does (registry.rs): "Prevent access to registry editing
//! tools" blocks reg.exe on exactly the managed computers that set policies, not the registry API.
//! It takes no key from the command line: the signed binary is not a general registry reader.
//!
//! Both keys are opened in the 64-bit view (KEY_WOW64_64KEY), where Group Policy and Intune write
//! policies, so a 32-bit build would read the same keys. The answer is one line of ASCII JSON
//! (registry.rs's quoting): `{"ok":true,"machine":K|F|null,"user":K|F|null}`, `null` for a key
//! that is not there, F `{"error":"failed"|"too-large","message":…,"code":…}` for one that could
//! not be read, and K `{"values":{…},"keys":{…},"skipped":[{"name":…,"reason":…}]}`:
//! REG_DWORD and REG_QWORD as numbers, REG_SZ and REG_EXPAND_SZ as strings (EXPAND_SZ as written,
//! `%VAR%` not expanded: no policy's value names a variable, and expanding would make the value
//! depend on the environment of whichever process read it), REG_MULTI_SZ as an array of strings,
//! subkeys as K again down to two levels (`Recommended\CompanionCrmDomains`); any other type, an
//! over-long value or a deeper key is listed in `skipped` with why, so IT can be told. Off Windows
//! the answer is registry.rs's `unsupported` failure.
// Off Windows only the answer's shape is built (and unit-tested); the reading is Windows'.
#![cfg_attr(not(windows), allow(dead_code))]

use crate::registry::{failure, quote_utf16};

/// The path under HKLM and HKCU: policies' place, vendor, product (electron/contract/policy.ts).
pub const POLICY_PATH: &str = r"Software\Policies\Assistant\Assistant Desktop";
/// Values, subkeys and skipped entries in one source together: the declaration has under twenty
/// policies, so a key holding more is not IT's policy key as the templates write it.
pub const MAX_ENTRIES: usize = 500;
/// One value's data: a service address or a CRM's host name is far shorter.
pub const MAX_DATA_BYTES: usize = 64 * 1024;
/// Strings in one REG_MULTI_SZ.
pub const MAX_STRINGS: usize = 500;
/// The answer's characters for one source: both stay under the 1 MiB of a child's output that
/// Node's execFile keeps by default (a `\u` escape makes six characters of one UTF-16 unit).
pub const MAX_SOURCE_CHARS: usize = 256 * 1024;
/// A value's or key's name: policy names are short, and Windows allows 16,383 units.
pub const MAX_NAME_UNITS: usize = 255;
/// The policy key is level 0; `Recommended\CompanionCrmDomains` is level 2, the deepest read.
pub const MAX_DEPTH: usize = 2;

pub const REG_SZ: u32 = 1;
pub const REG_EXPAND_SZ: u32 = 2;
pub const REG_BINARY: u32 = 3;
pub const REG_DWORD: u32 = 4;
pub const REG_MULTI_SZ: u32 = 7;
pub const REG_QWORD: u32 = 11;
/// Past this a JavaScript number is no longer exact.
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// One key as read: each entry's name in UTF-16 as the registry holds it.
#[derive(Debug, Default)]
pub struct KeyRead {
    /// Each value as its JSON text.
    pub values: Vec<(Vec<u16>, String)>,
    pub keys: Vec<(Vec<u16>, KeyRead)>,
    /// Each entry left out, and why.
    pub skipped: Vec<(Vec<u16>, String)>,
}

impl KeyRead {
    pub fn to_json(&self) -> String {
        let values: Vec<String> = self
            .values
            .iter()
            .map(|(name, value)| format!("{}:{}", quote_utf16(name), value))
            .collect();
        let keys: Vec<String> = self
            .keys
            .iter()
            .map(|(name, key)| format!("{}:{}", quote_utf16(name), key.to_json()))
            .collect();
        let skipped: Vec<String> = self
            .skipped
            .iter()
            .map(|(name, reason)| {
                let reason: Vec<u16> = reason.encode_utf16().collect();
                format!(
                    "{{\"name\":{},\"reason\":{}}}",
                    quote_utf16(name),
                    quote_utf16(&reason)
                )
            })
            .collect();
        format!(
            "{{\"values\":{{{}}},\"keys\":{{{}}},\"skipped\":[{}]}}",
            values.join(","),
            keys.join(","),
            skipped.join(",")
        )
    }
}

/// Counts what one source holds against MAX_ENTRIES and MAX_SOURCE_CHARS.
pub struct Budget {
    entries: usize,
    chars: usize,
}

impl Budget {
    pub fn new() -> Self {
        Budget {
            entries: MAX_ENTRIES,
            chars: MAX_SOURCE_CHARS,
        }
    }
    /// One more entry of about `chars` characters of JSON; false once the source is past a bound.
    pub fn take(&mut self, chars: usize) -> bool {
        if self.entries == 0 || self.chars < chars {
            return false;
        }
        self.entries -= 1;
        self.chars -= chars;
        true
    }
}

fn registry_type_name(kind: u32) -> String {
    match kind {
        0 => "REG_NONE".into(),
        REG_BINARY => "REG_BINARY".into(),
        5 => "REG_DWORD_BIG_ENDIAN".into(),
        6 => "REG_LINK".into(),
        8 => "REG_RESOURCE_LIST".into(),
        other => format!("registry type {}", other),
    }
}

fn units(data: &[u8]) -> Vec<u16> {
    data.chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect()
}

/// A value's data as JSON, or why it is skipped. A string ends at its first NUL, as Windows'
/// own readers take it (the registry stores whatever bytes the writer gave, terminated or not).
pub fn value_json(kind: u32, data: &[u8]) -> Result<String, String> {
    if data.len() > MAX_DATA_BYTES {
        return Err(format!("longer than {} bytes", MAX_DATA_BYTES));
    }
    match kind {
        REG_DWORD => match <[u8; 4]>::try_from(data) {
            Ok(bytes) => Ok(u32::from_le_bytes(bytes).to_string()),
            Err(_) => Err("a REG_DWORD that is not 4 bytes".into()),
        },
        REG_QWORD => match <[u8; 8]>::try_from(data) {
            Ok(bytes) => {
                let number = u64::from_le_bytes(bytes);
                if number > MAX_SAFE_INTEGER {
                    Err("a REG_QWORD over 2^53 - 1".into())
                } else {
                    Ok(number.to_string())
                }
            }
            Err(_) => Err("a REG_QWORD that is not 8 bytes".into()),
        },
        REG_SZ | REG_EXPAND_SZ => {
            let text = units(data);
            let end = text.iter().position(|&u| u == 0).unwrap_or(text.len());
            Ok(quote_utf16(&text[..end]))
        }
        REG_MULTI_SZ => {
            // Strings each ended by a NUL, the list by an empty one.
            let text = units(data);
            let strings: Vec<String> = text
                .split(|&u| u == 0)
                .take_while(|s| !s.is_empty())
                .take(MAX_STRINGS + 1)
                .map(quote_utf16)
                .collect();
            if strings.len() > MAX_STRINGS {
                return Err(format!("more than {} strings", MAX_STRINGS));
            }
            Ok(format!("[{}]", strings.join(",")))
        }
        other => Err(registry_type_name(other)),
    }
}

/// A source's part of the answer: its key, `null`, or why it could not be read.
pub enum SourceRead {
    Missing,
    Read(KeyRead),
    TooLarge,
    Failed(i32),
}

impl SourceRead {
    pub fn to_json(&self) -> String {
        match self {
            SourceRead::Missing => "null".into(),
            SourceRead::Read(key) => key.to_json(),
            SourceRead::TooLarge => format!(
                "{{\"error\":\"too-large\",\"message\":\"more than {} values and keys, or {} characters\"}}",
                MAX_ENTRIES, MAX_SOURCE_CHARS
            ),
            SourceRead::Failed(code) => {
                let message: Vec<u16> = std::io::Error::from_raw_os_error(*code)
                    .to_string()
                    .encode_utf16()
                    .collect();
                format!(
                    "{{\"error\":\"failed\",\"message\":{},\"code\":{}}}",
                    quote_utf16(&message),
                    code
                )
            }
        }
    }
}

pub fn answer(machine: &SourceRead, user: &SourceRead) -> String {
    format!(
        "{{\"ok\":true,\"machine\":{},\"user\":{}}}",
        machine.to_json(),
        user.to_json()
    )
}

/// Runs `--policies`: prints its one line of JSON, returns the exit code.
pub fn run(args: &[std::ffi::OsString]) -> i32 {
    let (line, code) = if !args.is_empty() {
        (
            failure("refused", "usage: --policies (it takes no arguments)", None),
            2,
        )
    } else {
        match read_both() {
            Some((machine, user)) => (answer(&machine, &user), 0),
            None => (
                failure("unsupported", "the registry exists on Windows only", None),
                2,
            ),
        }
    };
    println!("{}", line);
    code
}

#[cfg(not(windows))]
fn read_both() -> Option<(SourceRead, SourceRead)> {
    None
}

#[cfg(windows)]
fn read_both() -> Option<(SourceRead, SourceRead)> {
    Some((
        windows::read_source(windows::local_machine()),
        windows::read_source(windows::current_user()),
    ))
}

#[cfg(windows)]
mod windows {
    //! advapi32's enumeration, read-only (KEY_READ), in the 64-bit view. Type-checked on Linux by
    //! `npm run check:relay-windows` and run under Wine by `npm run test:windows`
    //! (test/integration/core/policy/windows-registry.test.ts).
    use super::*;
    use core::ffi::c_void;
    use std::ptr::null_mut;

    type Hkey = *mut c_void;
    /// `(HKEY)(ULONG_PTR)(LONG)0x8000000n`, sign-extended on 64-bit.
    pub fn current_user() -> Hkey {
        0x8000_0001_u32 as i32 as isize as Hkey
    }
    pub fn local_machine() -> Hkey {
        0x8000_0002_u32 as i32 as isize as Hkey
    }
    const KEY_READ: u32 = 0x2_0019;
    const KEY_WOW64_64KEY: u32 = 0x0100;
    const ERROR_SUCCESS: i32 = 0;
    const ERROR_FILE_NOT_FOUND: i32 = 2;
    const ERROR_MORE_DATA: i32 = 234;
    const ERROR_NO_MORE_ITEMS: i32 = 259;
    /// Windows' longest value name is 16,383 units; one more for the NUL.
    const NAME_UNITS: usize = 16_384;
    /// A value that keeps changing size while it is read is given up on after this many tries.
    const TRIES: usize = 4;

    #[link(name = "advapi32")]
    extern "system" {
        fn RegOpenKeyExW(
            key: Hkey,
            sub_key: *const u16,
            options: u32,
            sam_desired: u32,
            result: *mut Hkey,
        ) -> i32;
        fn RegEnumValueW(
            key: Hkey,
            index: u32,
            value_name: *mut u16,
            value_name_len: *mut u32,
            reserved: *mut u32,
            kind: *mut u32,
            data: *mut u8,
            data_len: *mut u32,
        ) -> i32;
        fn RegEnumKeyExW(
            key: Hkey,
            index: u32,
            name: *mut u16,
            name_len: *mut u32,
            reserved: *mut u32,
            class: *mut u16,
            class_len: *mut u32,
            last_write_time: *mut c_void,
        ) -> i32;
        fn RegCloseKey(key: Hkey) -> i32;
    }

    /// An open key, closed when dropped.
    struct Open(Hkey);

    impl Drop for Open {
        fn drop(&mut self) {
            // Safety: the handle was opened by `open` and is closed once.
            unsafe { RegCloseKey(self.0) };
        }
    }

    /// The subkey `name` of `parent`; None when it is not there.
    fn open(parent: Hkey, name: &[u16]) -> Result<Option<Open>, i32> {
        let mut path = name.to_vec();
        path.push(0);
        let mut handle: Hkey = null_mut();
        // Safety: path is NUL-terminated; handle receives an open key, which Open closes.
        match unsafe {
            RegOpenKeyExW(
                parent,
                path.as_ptr(),
                0,
                KEY_READ | KEY_WOW64_64KEY,
                &mut handle,
            )
        } {
            ERROR_SUCCESS => Ok(Some(Open(handle))),
            ERROR_FILE_NOT_FOUND => Ok(None),
            other => Err(other),
        }
    }

    enum Stop {
        TooLarge,
        Failed(i32),
    }

    pub fn read_source(root: Hkey) -> SourceRead {
        let path: Vec<u16> = POLICY_PATH.encode_utf16().collect();
        let key = match open(root, &path) {
            Ok(Some(key)) => key,
            Ok(None) => return SourceRead::Missing,
            Err(code) => return SourceRead::Failed(code),
        };
        match read_key(&key, 0, &mut Budget::new()) {
            Ok(read) => SourceRead::Read(read),
            Err(Stop::TooLarge) => SourceRead::TooLarge,
            Err(Stop::Failed(code)) => SourceRead::Failed(code),
        }
    }

    /// One value's name, type and data (None for data over MAX_DATA_BYTES).
    fn value_at(key: &Open, index: u32) -> Result<Option<(Vec<u16>, u32, Option<Vec<u8>>)>, i32> {
        let mut name = vec![0u16; NAME_UNITS];
        let mut data: Vec<u8> = Vec::new();
        for _ in 0..TRIES {
            let mut name_len = NAME_UNITS as u32;
            let mut kind = 0u32;
            let mut data_len = data.len() as u32;
            let data_ptr = if data.is_empty() {
                null_mut()
            } else {
                data.as_mut_ptr()
            };
            // Safety: name holds NAME_UNITS units, data `data_len` bytes (or is null, which asks
            // only for the size).
            let status = unsafe {
                RegEnumValueW(
                    key.0,
                    index,
                    name.as_mut_ptr(),
                    &mut name_len,
                    null_mut(),
                    &mut kind,
                    data_ptr,
                    &mut data_len,
                )
            };
            match status {
                ERROR_NO_MORE_ITEMS => return Ok(None),
                ERROR_SUCCESS | ERROR_MORE_DATA => {
                    let size = data_len as usize;
                    if size > MAX_DATA_BYTES {
                        name.truncate(name_len as usize);
                        return Ok(Some((name, kind, None)));
                    }
                    if status == ERROR_SUCCESS && (!data.is_empty() || size == 0) {
                        name.truncate(name_len as usize);
                        data.truncate(size);
                        return Ok(Some((name, kind, Some(data))));
                    }
                    // The size is known now (or the value grew since): read it again.
                    data = vec![0u8; size.max(1)];
                }
                other => return Err(other),
            }
        }
        Err(ERROR_MORE_DATA)
    }

    fn subkey_at(key: &Open, index: u32) -> Result<Option<Vec<u16>>, i32> {
        // Key names are at most 255 units.
        let mut name = vec![0u16; 256];
        let mut name_len = name.len() as u32;
        // Safety: name holds `name_len` units; class and time are not asked for.
        let status = unsafe {
            RegEnumKeyExW(
                key.0,
                index,
                name.as_mut_ptr(),
                &mut name_len,
                null_mut(),
                null_mut(),
                null_mut(),
                null_mut(),
            )
        };
        match status {
            ERROR_SUCCESS => {
                name.truncate(name_len as usize);
                Ok(Some(name))
            }
            ERROR_NO_MORE_ITEMS => Ok(None),
            other => Err(other),
        }
    }

    fn read_key(key: &Open, depth: usize, budget: &mut Budget) -> Result<KeyRead, Stop> {
        let mut read = KeyRead::default();
        for index in 0.. {
            // Not let-else: Debian's rustc, which builds the Windows relay here, predates it.
            let (name, kind, data) = match value_at(key, index).map_err(Stop::Failed)? {
                Some(value) => value,
                None => break,
            };
            let value = if name.len() > MAX_NAME_UNITS {
                Err("a name over 255 characters".to_string())
            } else {
                match data {
                    None => Err(format!("longer than {} bytes", MAX_DATA_BYTES)),
                    Some(data) => value_json(kind, &data),
                }
            };
            let name = if name.len() > MAX_NAME_UNITS {
                name[..32].to_vec()
            } else {
                name
            };
            let size = quote_utf16(&name).len()
                + value
                    .as_ref()
                    .map_or_else(|why| why.len() + 24, String::len);
            if !budget.take(size + 2) {
                return Err(Stop::TooLarge);
            }
            match value {
                Ok(json) => read.values.push((name, json)),
                Err(why) => read.skipped.push((name, why)),
            }
        }
        for index in 0.. {
            let name = match subkey_at(key, index).map_err(Stop::Failed)? {
                Some(name) => name,
                None => break,
            };
            if !budget.take(quote_utf16(&name).len() + 64) {
                return Err(Stop::TooLarge);
            }
            if depth == MAX_DEPTH {
                read.skipped
                    .push((name, format!("a key more than {} levels down", MAX_DEPTH)));
                continue;
            }
            // A subkey removed since it was listed is simply not there.
            if let Some(sub) = open(key.0, &name).map_err(Stop::Failed)? {
                let sub_read = read_key(&sub, depth + 1, budget)?;
                read.keys.push((name, sub_read));
            }
        }
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::is_json;

    fn w(text: &str) -> Vec<u16> {
        text.encode_utf16().collect()
    }

    fn bytes(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|u| u.to_le_bytes()).collect()
    }

    #[test]
    fn numbers_are_numbers_within_what_javascript_holds_exactly() {
        assert_eq!(value_json(REG_DWORD, &7u32.to_le_bytes()), Ok("7".into()));
        assert_eq!(
            value_json(REG_DWORD, &u32::MAX.to_le_bytes()),
            Ok("4294967295".into())
        );
        assert!(value_json(REG_DWORD, &[1, 0]).is_err());
        assert_eq!(
            value_json(REG_QWORD, &MAX_SAFE_INTEGER.to_le_bytes()),
            Ok("9007199254740991".into())
        );
        assert!(value_json(REG_QWORD, &(MAX_SAFE_INTEGER + 1).to_le_bytes()).is_err());
    }

    #[test]
    fn strings_end_at_their_nul_and_stay_ascii() {
        let mut data = w("https://ex\u{e4}mple.com");
        data.extend([0, 0x41]);
        assert_eq!(
            value_json(REG_SZ, &bytes(&data)),
            Ok("\"https://ex\\u00e4mple.com\"".into())
        );
        // Unterminated, as a careless writer leaves it.
        assert_eq!(value_json(REG_SZ, &bytes(&w("a"))), Ok("\"a\"".into()));
        assert_eq!(
            value_json(REG_EXPAND_SZ, &bytes(&w("%APPDATA%\0"))),
            Ok("\"%APPDATA%\"".into())
        );
    }

    #[test]
    fn a_multi_string_is_an_array_up_to_its_empty_string() {
        let data = bytes(&w("a\0b c\0\0ignored\0\0"));
        assert_eq!(
            value_json(REG_MULTI_SZ, &data),
            Ok("[\"a\",\"b c\"]".into())
        );
        assert_eq!(value_json(REG_MULTI_SZ, &[0, 0]), Ok("[]".into()));
    }

    #[test]
    fn skips_other_types_and_long_data_saying_why() {
        assert_eq!(value_json(REG_BINARY, &[1]), Err("REG_BINARY".into()));
        assert_eq!(value_json(99, &[]), Err("registry type 99".into()));
        let long = vec![0x41; MAX_DATA_BYTES + 2];
        assert!(value_json(REG_SZ, &long).unwrap_err().contains("longer"));
    }

    #[test]
    fn answers_one_line_of_json() {
        let inner = KeyRead {
            values: vec![(w("crm.example.com"), "\"dynamics\"".into())],
            ..KeyRead::default()
        };
        let top = KeyRead {
            values: vec![(w("Companion"), "1".into()), (w("N\"a\\me"), "[]".into())],
            keys: vec![(w("Recommended"), inner)],
            skipped: vec![(w("Blob"), "REG_BINARY".into())],
        };
        let line = answer(&SourceRead::Read(top), &SourceRead::Missing);
        assert!(is_json(line.as_bytes()), "{}", line);
        assert!(line.is_ascii());
        assert!(line.starts_with(
            "{\"ok\":true,\"machine\":{\"values\":{\"Companion\":1,\"N\\\"a\\\\me\":[]},\"keys\":{\"Recommended\":"
        ));
        assert!(line.ends_with(
            "\"skipped\":[{\"name\":\"Blob\",\"reason\":\"REG_BINARY\"}]},\"user\":null}"
        ));
        for failed in [SourceRead::TooLarge, SourceRead::Failed(5)] {
            let line = answer(&SourceRead::Missing, &failed);
            assert!(is_json(line.as_bytes()), "{}", line);
        }
    }

    #[test]
    fn the_budget_runs_out_after_its_entries_or_its_characters() {
        let mut budget = Budget::new();
        for _ in 0..MAX_ENTRIES {
            assert!(budget.take(1));
        }
        assert!(!budget.take(1));
        let mut budget = Budget::new();
        assert!(budget.take(MAX_SOURCE_CHARS - 10));
        assert!(!budget.take(11));
        assert!(budget.take(10));
    }

    #[test]
    fn bounds_the_strings_of_a_multi_string() {
        let many: String = "a\0".repeat(MAX_STRINGS);
        assert!(value_json(REG_MULTI_SZ, &bytes(&w(&many))).is_ok());
        let more = format!("{}b\0", many);
        assert_eq!(
            value_json(REG_MULTI_SZ, &bytes(&w(&more))),
            Err(format!("more than {} strings", MAX_STRINGS))
        );
    }
}
