//! A small SMTP server for the tests: it speaks enough of RFC 5321 for a real client (lettre)
//! to deliver to it, keeps what it receives, and can be told to go down, refuse addresses, or
//! hold a message without answering (as if the network hung mid-delivery).

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use turnpost::mail::inbound::quick_ack;

/// One message as the server accepted it.
#[derive(Clone, Debug)]
pub struct Received {
    /// The envelope sender (MAIL FROM), where bounces go.
    pub sender: String,
    pub recipients: Vec<String>,
    pub data: Vec<u8>,
}

#[derive(Default)]
struct Shared {
    received: Mutex<Vec<Received>>,
    refused: Mutex<HashSet<String>>,
    /// Replies scripted for a command ("MAIL", "RCPT", or "DATA" for the end of the data).
    answers: Mutex<HashMap<String, String>>,
    /// Messages to these recipients are held: read, never answered.
    hold_for: Mutex<HashSet<String>>,
    /// While set, message data is read but never answered.
    hold: AtomicBool,
    /// While set, message data is answered (and accepted) only once it is cleared.
    delay: AtomicBool,
    /// How many messages are being held or delayed right now.
    holding: Mutex<usize>,
    /// Connections being served right now.
    connections: std::sync::atomic::AtomicUsize,
}

pub struct SmtpServer {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    listening: Listening,
}

/// The thread that accepts connections, stopped and joined when this is dropped.
struct Listening {
    running: Arc<AtomicBool>,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Listening {
    fn stop(&self) {
        self.running.store(false, Ordering::Relaxed);
        if let Some(thread) = self.thread.lock().unwrap().take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        self.stop();
    }
}

impl SmtpServer {
    pub fn start() -> SmtpServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let shared = Arc::<Shared>::default();
        let listening = Self::listen(listener, shared.clone());
        SmtpServer {
            addr,
            shared,
            listening,
        }
    }

    /// Accepts connections on `listener` until the returned value is dropped.
    fn listen(listener: TcpListener, shared: Arc<Shared>) -> Listening {
        listener.set_nonblocking(true).unwrap();
        let running = Arc::new(AtomicBool::new(true));
        let (run, state) = (running.clone(), shared);
        let thread = std::thread::spawn(move || {
            while run.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let state = state.clone();
                        state.connections.fetch_add(1, Ordering::SeqCst);
                        std::thread::spawn(move || {
                            let _ = serve(stream, &state);
                            state.connections.fetch_sub(1, Ordering::SeqCst);
                        });
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Listening {
            running,
            thread: Mutex::new(Some(thread)),
        }
    }

    /// Stops listening: new connections are refused until `restart`.
    pub fn stop(&self) {
        self.listening.stop();
    }

    /// Listens again on the same port, keeping what was received.
    pub fn restart(&mut self) {
        self.stop();
        let listener = TcpListener::bind(self.addr).unwrap();
        self.listening = Self::listen(listener, self.shared.clone());
    }

    /// Answers RCPT TO for this address with a permanent failure.
    pub fn refuse(&self, address: &str) {
        self.shared
            .refused
            .lock()
            .unwrap()
            .insert(address.to_string());
    }

    /// Answers `command` ("MAIL", "RCPT" or "DATA", the last meaning the end of the message
    /// data) with `reply` from now on, e.g. "530 5.7.0 Authentication required".
    pub fn answer(&self, command: &str, reply: &str) {
        self.shared
            .answers
            .lock()
            .unwrap()
            .insert(command.to_string(), reply.to_string());
    }

    /// Stops refusing `address`.
    pub fn accept_again(&self, address: &str) {
        self.shared.refused.lock().unwrap().remove(address);
    }

    /// Answers every command normally again.
    pub fn answer_normally(&self) {
        self.shared.answers.lock().unwrap().clear();
    }

    /// Holds every message to `address` without ever answering it.
    pub fn hold_for(&self, address: &str) {
        self.shared
            .hold_for
            .lock()
            .unwrap()
            .insert(address.to_string());
    }

    pub fn hold(&self, on: bool) {
        self.shared.hold.store(on, Ordering::Relaxed);
    }

    /// While on, a message's data is accepted only when this is turned off again, as from a
    /// slow relay.
    pub fn delay(&self, on: bool) {
        self.shared.delay.store(on, Ordering::Relaxed);
    }

    pub fn holding(&self) -> usize {
        *self.shared.holding.lock().unwrap()
    }

    /// Waits until no connection is being served (every client has gone), for up to `timeout`.
    pub fn wait_until_idle(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.shared.connections.load(Ordering::SeqCst) > 0 {
            if Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        true
    }

    /// Waits until some message is being held or delayed.
    pub fn wait_until_holding(&self, timeout: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < timeout {
            if self.holding() > 0 {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    pub fn received(&self) -> Vec<Received> {
        self.shared.received.lock().unwrap().clone()
    }

    /// The messages accepted after the first `seen`.
    pub fn received_since(&self, seen: usize) -> Vec<Received> {
        let received = self.shared.received.lock().unwrap();
        received.get(seen..).unwrap_or_default().to_vec()
    }
}

/// The reading side of a connection that acknowledges what it reads at once, as Turnpost's own
/// listener does: without it each message would wait 40 ms for the kernel's delayed
/// acknowledgement before lettre's last write (the data's closing `.`) is sent.
struct QuickAck(TcpStream);

impl std::io::Read for QuickAck {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let read = self.0.read(buf);
        quick_ack::ask_quick_ack(std::os::fd::AsRawFd::as_raw_fd(&self.0));
        read
    }
}

fn serve(stream: TcpStream, shared: &Shared) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut reader = BufReader::new(QuickAck(stream.try_clone()?));
    let mut out = stream;
    out.write_all(b"220 turnpost-test ESMTP\r\n")?;
    let mut recipients = Vec::new();
    let mut sender = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_string();
        let verb = command
            .split([' ', ':'])
            .next()
            .unwrap_or("")
            .to_uppercase();
        let scripted = shared.answers.lock().unwrap().get(&verb).cloned();
        if let Some(reply) = scripted.filter(|_| verb != "DATA") {
            out.write_all(format!("{reply}\r\n").as_bytes())?;
            continue;
        }
        match verb.as_str() {
            "EHLO" => out.write_all(b"250-turnpost-test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")?,
            "HELO" => out.write_all(b"250 turnpost-test\r\n")?,
            "MAIL" => {
                recipients.clear();
                sender = (command.split(['<', '>']).nth(1).unwrap_or_default()).to_string();
                out.write_all(b"250 2.1.0 OK\r\n")?;
            }
            "RCPT" => {
                let address = command
                    .split(['<', '>'])
                    .nth(1)
                    .unwrap_or_default()
                    .to_lowercase();
                if shared.refused.lock().unwrap().contains(&address) {
                    out.write_all(b"550 5.1.1 No such mailbox here\r\n")?;
                } else {
                    recipients.push(address);
                    out.write_all(b"250 2.1.5 OK\r\n")?;
                }
            }
            "DATA" => {
                out.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")?;
                let mut data = Vec::new();
                loop {
                    line.clear();
                    if reader.read_line(&mut line)? == 0 {
                        return Ok(());
                    }
                    if line == ".\r\n" || line == ".\n" {
                        break;
                    }
                    let text = line.strip_prefix('.').unwrap_or(&line);
                    data.extend_from_slice(text.as_bytes());
                }
                let held_for = {
                    let hold_for = shared.hold_for.lock().unwrap();
                    recipients.iter().any(|r| hold_for.contains(r))
                };
                if let Some(reply) = shared.answers.lock().unwrap().get("DATA").cloned() {
                    out.write_all(format!("{reply}\r\n").as_bytes())?;
                    continue;
                }
                if shared.hold.load(Ordering::Relaxed) || held_for {
                    // Never answer: the message is not accepted, whatever the client does next.
                    *shared.holding.lock().unwrap() += 1;
                    let mut rest = Vec::new();
                    let _ = std::io::Read::read_to_end(&mut reader, &mut rest);
                    *shared.holding.lock().unwrap() -= 1;
                    return Ok(());
                }
                if shared.delay.load(Ordering::Relaxed) {
                    *shared.holding.lock().unwrap() += 1;
                    while shared.delay.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    *shared.holding.lock().unwrap() -= 1;
                }
                shared.received.lock().unwrap().push(Received {
                    sender: sender.clone(),
                    recipients: recipients.clone(),
                    data,
                });
                out.write_all(b"250 2.0.0 Accepted\r\n")?;
            }
            "RSET" => {
                recipients.clear();
                out.write_all(b"250 OK\r\n")?;
            }
            "NOOP" => out.write_all(b"250 OK\r\n")?,
            "QUIT" => {
                out.write_all(b"221 Bye\r\n")?;
                return Ok(());
            }
            _ => out.write_all(b"502 Command not implemented\r\n")?,
        }
    }
}
