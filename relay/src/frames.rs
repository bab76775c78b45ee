//! Frames on both sides: Chrome's native messaging (a 32-bit length in the machine's byte order,
//! then UTF-8 JSON) on stdin/stdout, and the app's socket (the same, little-endian). A frame is
//! read whole only when it is within its limit; a longer one is skipped as it streams past, so the
//! relay holds at most one frame per direction.

use std::io::{self, Read, Write};

/// Chrome refuses a host's message over 1 MiB (it drops the port), so nothing larger goes out.
pub const MAX_TO_EXTENSION: usize = 1024 * 1024;
/// What the app accepts; the extension may send up to 64 MiB, larger requests are refused here.
pub const MAX_TO_APP: usize = 1024 * 1024;

#[derive(Clone, Copy)]
pub enum Order {
    /// Chrome's side.
    Native,
    /// The app's socket.
    Little,
}

pub enum Frame {
    Body(Vec<u8>),
    /// Skipped: longer than the limit.
    Oversized(u64),
    /// The stream ended cleanly between frames.
    End,
}

fn length(header: [u8; 4], order: Order) -> u32 {
    match order {
        Order::Native => u32::from_ne_bytes(header),
        Order::Little => u32::from_le_bytes(header),
    }
}

/// Reads exactly `buf.len()` bytes; Ok(false) when the stream ended before the first byte.
fn read_all(reader: &mut dyn Read, buf: &mut [u8]) -> io::Result<bool> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) if filled == 0 => return Ok(false),
            Ok(0) => {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "frame cut short",
                ))
            }
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(true)
}

pub fn read_frame(reader: &mut dyn Read, order: Order, max: usize) -> io::Result<Frame> {
    let mut header = [0u8; 4];
    if !read_all(reader, &mut header)? {
        return Ok(Frame::End);
    }
    let len = length(header, order) as u64;
    if len > max as u64 {
        let skipped = io::copy(&mut reader.take(len), &mut io::sink())?;
        if skipped < len {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "frame cut short",
            ));
        }
        return Ok(Frame::Oversized(len));
    }
    let mut body = vec![0u8; len as usize];
    if !body.is_empty() && !read_all(reader, &mut body)? {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "frame cut short",
        ));
    }
    Ok(Frame::Body(body))
}

pub fn write_frame(writer: &mut dyn Write, order: Order, body: &[u8]) -> io::Result<()> {
    let len = body.len() as u32;
    let header = match order {
        Order::Native => len.to_ne_bytes(),
        Order::Little => len.to_le_bytes(),
    };
    // One buffer, one write: a reader never sees a header without its body.
    let mut frame = Vec::with_capacity(4 + body.len());
    frame.extend_from_slice(&header);
    frame.extend_from_slice(body);
    writer.write_all(&frame)?;
    writer.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_skips_oversized_frames() {
        let mut stream = Vec::new();
        write_frame(&mut stream, Order::Little, b"{\"a\":1}").unwrap();
        stream.extend_from_slice(&(10u32).to_le_bytes());
        stream.extend_from_slice(b"0123456789");
        write_frame(&mut stream, Order::Little, b"[]").unwrap();
        let mut reader = &stream[..];
        match read_frame(&mut reader, Order::Little, 8).unwrap() {
            Frame::Body(b) => assert_eq!(b, b"{\"a\":1}"),
            _ => panic!("expected a body"),
        }
        match read_frame(&mut reader, Order::Little, 8).unwrap() {
            Frame::Oversized(n) => assert_eq!(n, 10),
            _ => panic!("expected oversized"),
        }
        match read_frame(&mut reader, Order::Little, 8).unwrap() {
            Frame::Body(b) => assert_eq!(b, b"[]"),
            _ => panic!("expected a body"),
        }
        assert!(matches!(
            read_frame(&mut reader, Order::Little, 8).unwrap(),
            Frame::End
        ));
    }

    #[test]
    fn a_cut_frame_is_an_error() {
        let mut reader: &[u8] = &[5, 0, 0, 0, b'a'];
        assert!(read_frame(&mut reader, Order::Little, 8).is_err());
    }
}
