//! A JSON syntax check (RFC 8259) without building a value: the relay passes frames on as bytes,
//! and only needs to know they are JSON. Nesting is bounded so a hostile frame cannot exhaust the
//! stack.

/** Deeper nesting is refused: the companion's messages are far shallower. */
pub const MAX_DEPTH: usize = 512;

pub fn is_json(bytes: &[u8]) -> bool {
    let mut parser = Parser { bytes, at: 0 };
    parser.skip_space();
    if !parser.value(0) {
        return false;
    }
    parser.skip_space();
    parser.at == bytes.len()
}

struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while let Some(b' ') | Some(b'\t') | Some(b'\n') | Some(b'\r') = self.peek() {
            self.at += 1;
        }
    }

    fn literal(&mut self, word: &[u8]) -> bool {
        if self.bytes[self.at..].starts_with(word) {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string(),
            Some(b't') => self.literal(b"true"),
            Some(b'f') => self.literal(b"false"),
            Some(b'n') => self.literal(b"null"),
            Some(b'-') | Some(b'0'..=b'9') => self.number(),
            _ => false,
        }
    }

    fn object(&mut self, depth: usize) -> bool {
        self.at += 1;
        self.skip_space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return true;
        }
        loop {
            self.skip_space();
            if self.peek() != Some(b'"') || !self.string() {
                return false;
            }
            self.skip_space();
            if self.peek() != Some(b':') {
                return false;
            }
            self.at += 1;
            self.skip_space();
            if !self.value(depth + 1) {
                return false;
            }
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return true;
                }
                _ => return false,
            }
        }
    }

    fn array(&mut self, depth: usize) -> bool {
        self.at += 1;
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return true;
        }
        loop {
            self.skip_space();
            if !self.value(depth + 1) {
                return false;
            }
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return true;
                }
                _ => return false,
            }
        }
    }

    fn string(&mut self) -> bool {
        self.at += 1;
        loop {
            match self.peek() {
                None => return false,
                Some(b'"') => {
                    self.at += 1;
                    return true;
                }
                Some(b'\\') => {
                    self.at += 1;
                    match self.peek() {
                        Some(b'"') | Some(b'\\') | Some(b'/') | Some(b'b') | Some(b'f')
                        | Some(b'n') | Some(b'r') | Some(b't') => self.at += 1,
                        Some(b'u') => {
                            let hex = self.bytes.get(self.at + 1..self.at + 5);
                            match hex {
                                Some(h) if h.iter().all(|c| c.is_ascii_hexdigit()) => self.at += 5,
                                _ => return false,
                            }
                        }
                        _ => return false,
                    }
                }
                // Control characters must be escaped.
                Some(c) if c < 0x20 => return false,
                Some(_) => self.at += 1,
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
        self.at - start
    }

    fn number(&mut self) -> bool {
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return false,
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return false;
            }
        }
        if let Some(b'e') | Some(b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+') | Some(b'-') = self.peek() {
                self.at += 1;
            }
            if self.digits() == 0 {
                return false;
            }
        }
        true
    }
}

/// `text` as a JSON string literal, quotes included.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_json() {
        for text in [
            "{}",
            "[]",
            " {\"a\": [1, -2.5e+3, true, false, null, \"\\u00e9\\n\"]} ",
            "\"x\"",
            "0",
            "{\"nested\":{\"deeper\":[[[]]]}}",
        ] {
            assert!(is_json(text.as_bytes()), "{}", text);
        }
    }

    #[test]
    fn refuses_what_is_not() {
        for text in [
            "",
            "{",
            "{\"a\"}",
            "[1,]",
            "01",
            "1.",
            "-",
            "\"\\x\"",
            "\"a\nb\"",
            "nul",
            "{} {}",
            "{\"a\":1,}",
            "\"\\u12\"",
        ] {
            assert!(!is_json(text.as_bytes()), "{}", text);
        }
    }

    #[test]
    fn refuses_nesting_past_the_limit_without_overflowing() {
        let deep = "[".repeat(100_000);
        assert!(!is_json(deep.as_bytes()));
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(is_json(ok.as_bytes()));
    }

    #[test]
    fn quotes_strings() {
        assert_eq!(quote("a\"b\\c\u{1}"), "\"a\\\"b\\\\c\\u0001\"");
    }
}
