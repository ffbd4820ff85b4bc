// CEventLoop: the Linux calls RouteCue's event loop needs that Swift's Glibc module does not import
// (<sys/eventfd.h>, <sys/signalfd.h>, ppoll, abstract-namespace socket addresses), as typed constants and small
// functions. Used only by EventLoopKit.
#ifndef ROUTECUE_CEVENTLOOP_H
#define ROUTECUE_CEVENTLOOP_H

#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/un.h>

static const int routecue_EFD_NONBLOCK = EFD_NONBLOCK;
static const int routecue_EFD_CLOEXEC = EFD_CLOEXEC;
static const int routecue_SFD_NONBLOCK = SFD_NONBLOCK;
static const int routecue_SFD_CLOEXEC = SFD_CLOEXEC;

/// poll(2) with a timeout in nanoseconds (negative: wait without limit), through ppoll so timers are not rounded
/// up to whole milliseconds. Returns what ppoll returns (errno set on -1).
int routecue_poll_nanoseconds(struct pollfd *fds, nfds_t count, int64_t timeout_ns);

/// Fills `address` for the AF_UNIX socket named `name` (`length` bytes, not NUL-terminated): a path, or a name in
/// the abstract namespace when `name` starts with '@' (the '@' becomes the leading NUL byte, as systemd's
/// NOTIFY_SOCKET convention has it). Returns the address length to pass to connect/sendto, or 0 when the name is
/// empty or too long for sun_path.
socklen_t routecue_unix_address(struct sockaddr_un *address, const char *name, size_t length);

/// Creates a signalfd for `signals` (an array of `count` signal numbers) with SFD_NONBLOCK | SFD_CLOEXEC; -1 and
/// errno on failure.
int routecue_signalfd(const int *signals, int count);

/// Blocks `signals` (an array of `count` numbers) in the calling thread (pthread_sigmask SIG_BLOCK); threads
/// started afterwards inherit the mask. Returns 0 or an errno value.
int routecue_block_signals(const int *signals, int count);

/// Unblocks `signals` in the calling thread (for child processes started from it). Returns 0 or an errno value.
int routecue_unblock_signals(const int *signals, int count);

/// Names the calling thread (pthread_setname_np; Linux keeps 15 bytes). Returns 0 or an errno value.
int routecue_set_thread_name(const char *name);

/// Returns the heap's free memory to the system (glibc malloc_trim(0)); 1 when memory was released.
int routecue_release_free_heap(void);

/// Limits glibc malloc to `count` arenas (mallopt M_ARENA_MAX); 1 on success. Call before threads start.
int routecue_limit_heap_arenas(int count);

#endif
