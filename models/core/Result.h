#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace rd {

// What went wrong, in words a user can act on. `kind` lets front ends pick an
// exit code or dialog without parsing the message.
struct Error
{
    // Conflict: someone else changed the same thing meanwhile (shared workspaces).
    // Service: a remote service (a code host) refused or did not answer.
    enum class Kind { Usage, Path, Repository, Revision, Object, Workspace, Internal, Conflict, Service };
    Kind kind = Kind::Internal;
    QString message;
    // Why a workspace could not store a change that may be stored later as
    // it is: the server went away, the disk is full, the file turned
    // read-only. The change was not stored (its transaction rolled back);
    // whoever holds it keeps it and tries again (JudgingService's pending
    // decisions, `judge` on the CLI).
    enum class Fault { None, ServerLost, DiskFull, ReadOnly };
    Fault fault = Fault::None;
    bool retryable() const { return fault != Fault::None; }
};

// A value or the Error that prevented it (std::expected is C++23).
template <typename T>
class Result
{
public:
    Result(T value) : m_state(std::move(value)) {}
    Result(Error error) : m_state(std::move(error)) {}

    explicit operator bool() const { return m_state.index() == 0; }
    bool ok() const { return m_state.index() == 0; }

    T &value() & { return std::get<0>(m_state); }
    const T &value() const & { return std::get<0>(m_state); }
    T &&value() && { return std::get<0>(std::move(m_state)); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<1>(m_state); }

private:
    std::variant<T, Error> m_state;
};

} // namespace rd
