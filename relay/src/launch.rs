//! Starting the app when its socket is not there. The app writes the launch file at every start
//! (an update moves it): its program on the first line, then one argument per line, with the
//! flag that starts it without a window. The relay runs only a file this user alone may write,
//! opened without following a link and checked on the open handle (private_file.rs).

use crate::private_file;
use std::io;
use std::path::Path;
use std::process::{Command, Stdio};

pub fn read_launch_file(path: &Path) -> io::Result<Vec<String>> {
    let text = private_file::read(path)?;
    let lines: Vec<String> = text
        .lines()
        .map(|line| line.trim_end_matches('\r').to_string())
        .filter(|line| !line.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "launch file is empty",
        ));
    }
    Ok(lines)
}

/// Starts the command detached from the relay: no standard streams (stdout is the browser's
/// channel), its own session, so the app outlives the relay when the browser ends it.
pub fn start(command: &[String]) -> io::Result<()> {
    let mut cmd = Command::new(&command[0]);
    cmd.args(&command[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    detach(&mut cmd);
    spawn(&mut cmd)
}

#[cfg(unix)]
extern "C" {
    fn setsid() -> i32;
}

#[cfg(unix)]
fn detach(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    // Safety: setsid is async-signal-safe, as a pre_exec hook requires.
    unsafe {
        cmd.pre_exec(|| {
            setsid();
            Ok(())
        });
    }
}

#[cfg(unix)]
fn spawn(cmd: &mut Command) -> io::Result<()> {
    cmd.spawn().map(|_| ())
}

#[cfg(windows)]
fn detach(_cmd: &mut Command) {}

#[cfg(windows)]
fn spawn(cmd: &mut Command) -> io::Result<()> {
    use std::os::windows::process::CommandExt;
    const DETACHED_PROCESS: u32 = 0x0000_0008;
    const CREATE_NEW_PROCESS_GROUP: u32 = 0x0000_0200;
    const CREATE_BREAKAWAY_FROM_JOB: u32 = 0x0100_0000;
    // The browser may run hosts in a job that ends with them; leave it where the job allows.
    cmd.creation_flags(DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP | CREATE_BREAKAWAY_FROM_JOB);
    match cmd.spawn() {
        Ok(_) => Ok(()),
        Err(_) => {
            cmd.creation_flags(DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP);
            cmd.spawn().map(|_| ())
        }
    }
}
