// Imported first by main.ts (decision 059). libuv's pool, 4 threads by default, runs both the password
// hashes (scrypt, ~60 ms each) and file reads and writes: in a sign-in burst an application's document
// writes queued behind the hashes while their transactions held pooled connections, and other requests
// timed out waiting for one (26 errors in the mixed day; 0 with 16 threads). The pool starts on its first
// use, so this must run before any asynchronous file or crypto call. An operator's own value wins.
process.env.UV_THREADPOOL_SIZE ??= "16";
