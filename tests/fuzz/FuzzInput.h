#pragma once
// What the fuzz targets share: the input as bytes, the target's name (one
// source may serve several targets, see CMakeLists.txt) and a scratch folder
// for parsers that read files.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

namespace rd::fuzz {

#ifdef RD_FUZZ_TARGET
inline constexpr std::string_view target = RD_FUZZ_TARGET;
#endif

inline QByteArray bytes(const std::uint8_t *data, std::size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
}

// A folder made once per process, in memory-backed storage (/dev/shm) when
// there is one, so that a file per input costs no disk I/O.
inline const QTemporaryDir &scratch()
{
    static const auto dir = [] {
        const QString parent = QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm") : QDir::tempPath();
        auto made = std::make_unique<QTemporaryDir>(parent + QStringLiteral("/reviewdesk-fuzz-XXXXXX"));
        if (!made->isValid())
            __builtin_trap();
        return made;
    }();
    return *dir;
}

// `content` written to `name` in the scratch folder; returns its path.
inline QString writeScratch(const QString &name, const QByteArray &content)
{
    const QString path = scratch().filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(content) != content.size())
        __builtin_trap();
    return path;
}

} // namespace rd::fuzz
