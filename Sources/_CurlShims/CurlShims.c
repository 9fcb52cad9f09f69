#include "CurlShims.h"

CURLcode jc_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode jc_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode jc_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode jc_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode jc_curl_easy_setopt_headers(CURL *handle, struct curl_slist *headers) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

CURLcode jc_curl_easy_setopt_data_callback(CURL *handle, CURLoption option, jc_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode jc_curl_easy_setopt_progress_callback(CURL *handle, jc_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

CURLcode jc_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLMcode jc_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

CURLMcode jc_curl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

CURLMcode jc_curl_multi_setopt_socket_callback(CURLM *multi, jc_curl_socket_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, callback);
}

CURLMcode jc_curl_multi_setopt_timer_callback(CURLM *multi, jc_curl_timer_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, callback);
}

CURLMcode jc_curl_multi_assign(CURLM *multi, curl_socket_t socket, void *pointer) {
    return curl_multi_assign(multi, socket, pointer);
}

#ifdef __linux__
#include <errno.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

int jc_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int jc_epoll_watch(int epoll, int fd, int want_in, int want_out, int is_new) {
    struct epoll_event event = {0};
    event.events = (want_in ? EPOLLIN : 0) | (want_out ? EPOLLOUT : 0);
    event.data.fd = fd;
    int first = is_new ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    if (epoll_ctl(epoll, first, fd, &event) == 0) return 0;
    // The caller's bookkeeping was wrong (EEXIST / ENOENT): the other operation then.
    if (errno != (is_new ? EEXIST : ENOENT)) return errno;
    return epoll_ctl(epoll, is_new ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event) == 0 ? 0 : errno;
}

int jc_epoll_unwatch(int epoll, int fd) {
    // ENOENT/EBADF: never added, or already closed (a closed descriptor leaves the set by itself).
    return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL) == 0 ? 0 : errno;
}

int jc_epoll_wait(int epoll, int *fds, int *flags, int capacity, int timeout_ms) {
    struct epoll_event events[capacity];
    int count = epoll_wait(epoll, events, capacity, timeout_ms);
    for (int index = 0; index < count; index++) {
        uint32_t happened = events[index].events;
        fds[index] = events[index].data.fd;
        flags[index] = ((happened & (EPOLLIN | EPOLLHUP | EPOLLRDHUP)) ? CURL_CSELECT_IN : 0)
            | ((happened & EPOLLOUT) ? CURL_CSELECT_OUT : 0)
            | ((happened & EPOLLERR) ? CURL_CSELECT_ERR : 0);
    }
    return count < 0 ? -errno : count;
}

int jc_eventfd_create(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

void jc_eventfd_signal(int fd) {
    uint64_t one = 1;
    // A full counter (2^64 - 2 unread writes) cannot happen; EINTR is retried.
    while (write(fd, &one, sizeof one) < 0 && errno == EINTR) {}
}

void jc_eventfd_drain(int fd) {
    uint64_t count;
    while (read(fd, &count, sizeof count) < 0 && errno == EINTR) {}
}
#endif
