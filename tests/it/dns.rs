//! A DNS server for the tests: it answers TXT questions over UDP from the records it was given,
//! and says the name does not exist for everything else. Enough for a resolver (hickory, in
//! mail-auth) to look up DKIM keys, SPF and DMARC policies as it would on the Internet.

use std::collections::HashMap;
use std::net::{SocketAddr, UdpSocket};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub struct DnsServer {
    pub addr: SocketAddr,
    running: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl DnsServer {
    /// Serves `records` (name without its final dot → TXT value) until dropped.
    pub fn start(records: &[(&str, &str)]) -> DnsServer {
        let records: HashMap<String, String> = (records.iter())
            .map(|(name, value)| (name.trim_end_matches('.').to_lowercase(), value.to_string()))
            .collect();
        let socket = UdpSocket::bind("127.0.0.1:0").unwrap();
        socket
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        let addr = socket.local_addr().unwrap();
        let running = Arc::new(AtomicBool::new(true));
        let serving = running.clone();
        let thread = std::thread::spawn(move || {
            let mut buffer = [0u8; 1500];
            while serving.load(Ordering::Relaxed) {
                let Ok((len, from)) = socket.recv_from(&mut buffer) else {
                    continue;
                };
                if let Some(answer) = answer(&buffer[..len], &records) {
                    let _ = socket.send_to(&answer, from);
                }
            }
        });
        DnsServer {
            addr,
            running,
            thread: Some(thread),
        }
    }
}

impl Drop for DnsServer {
    fn drop(&mut self) {
        self.running.store(false, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

const TXT: u16 = 16;

/// The answer to one query (RFC 1035 §4.1): its question repeated, then the TXT record asked
/// for, or no such name.
fn answer(query: &[u8], records: &HashMap<String, String>) -> Option<Vec<u8>> {
    let mut at = 12;
    let mut labels = Vec::new();
    loop {
        let len = *query.get(at)? as usize;
        at += 1;
        if len == 0 {
            break;
        }
        labels.push(String::from_utf8_lossy(query.get(at..at + len)?).to_lowercase());
        at += len;
    }
    let qtype = u16::from_be_bytes([*query.get(at)?, *query.get(at + 1)?]);
    let question = &query[12..at + 4];
    let found = (qtype == TXT)
        .then(|| records.get(&labels.join(".")))
        .flatten();
    let mut out = Vec::with_capacity(512);
    out.extend_from_slice(&query[..2]);
    // A response, recursion desired and available; NXDOMAIN when nothing is found.
    out.extend_from_slice(&[0x81, if found.is_some() { 0x80 } else { 0x83 }]);
    out.extend_from_slice(&[0, 1, 0, u8::from(found.is_some()), 0, 0, 0, 0]);
    out.extend_from_slice(question);
    if let Some(value) = found {
        let strings: Vec<&[u8]> = value.as_bytes().chunks(255).collect();
        let rdata_len: usize = strings.iter().map(|s| s.len() + 1).sum();
        out.extend_from_slice(&[0xC0, 12]);
        out.extend_from_slice(&TXT.to_be_bytes());
        out.extend_from_slice(&[0, 1, 0, 0, 0, 60]);
        out.extend_from_slice(&(rdata_len as u16).to_be_bytes());
        for string in strings {
            out.push(string.len() as u8);
            out.extend_from_slice(string);
        }
    }
    Some(out)
}
