#define _GNU_SOURCE
#include "CEventLoop.h"

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

int routecue_poll_nanoseconds(struct pollfd *fds, nfds_t count, int64_t timeout_ns) {
    if (timeout_ns < 0) {
        return ppoll(fds, count, NULL, NULL);
    }
    struct timespec timeout = { .tv_sec = (time_t)(timeout_ns / 1000000000), .tv_nsec = (long)(timeout_ns % 1000000000) };
    return ppoll(fds, count, &timeout, NULL);
}

socklen_t routecue_unix_address(struct sockaddr_un *address, const char *name, size_t length) {
    memset(address, 0, sizeof(*address));
    address->sun_family = AF_UNIX;
    if (length == 0 || length > sizeof(address->sun_path) - (name[0] == '@' ? 0 : 1)) {
        return 0;
    }
    memcpy(address->sun_path, name, length);
    if (name[0] == '@') {
        address->sun_path[0] = '\0';
        return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length);
    }
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + 1);
}

static void fill_set(sigset_t *set, const int *signals, int count) {
    sigemptyset(set);
    for (int i = 0; i < count; i++) {
        sigaddset(set, signals[i]);
    }
}

int routecue_signalfd(const int *signals, int count) {
    sigset_t set;
    fill_set(&set, signals, count);
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int routecue_block_signals(const int *signals, int count) {
    sigset_t set;
    fill_set(&set, signals, count);
    return pthread_sigmask(SIG_BLOCK, &set, NULL);
}

int routecue_unblock_signals(const int *signals, int count) {
    sigset_t set;
    fill_set(&set, signals, count);
    return pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int routecue_set_thread_name(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

int routecue_release_free_heap(void) {
    return malloc_trim(0);
}

int routecue_limit_heap_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}
