#include "HostileRepo.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>

#include <git2.h>
#include <zlib.h>

#include <memory>
#include <stdexcept>

namespace rd::test {
namespace {

struct Odb
{
    git_repository *repo = nullptr;
    git_odb *odb = nullptr;
    explicit Odb(const QString &path)
    {
        git_libgit2_init();
        if (git_repository_open(&repo, path.toUtf8().constData()) < 0 || git_repository_odb(&odb, repo) < 0)
            throw std::runtime_error("cannot open " + path.toStdString());
    }
    ~Odb()
    {
        git_odb_free(odb);
        git_repository_free(repo);
        git_libgit2_shutdown();
    }
    QByteArray write(const QByteArray &data, git_object_t type)
    {
        git_oid oid;
        if (git_odb_write(&oid, odb, data.constData(), static_cast<size_t>(data.size()), type) < 0)
            throw std::runtime_error("cannot write an object");
        char hex[GIT_OID_HEXSZ + 1] = {};
        git_oid_tostr(hex, sizeof hex, &oid);
        return QByteArray(hex);
    }
};

} // namespace

QByteArray writeRawBlob(const QString &repository, const QByteArray &content)
{
    return Odb(repository).write(content, GIT_OBJECT_BLOB);
}

QByteArray writeRawTree(const QString &repository, const QList<RawTreeEntry> &entries)
{
    QByteArray tree;
    for (const RawTreeEntry &e : entries)
        tree += e.mode + ' ' + e.name + '\0' + QByteArray::fromHex(e.idHex);
    return Odb(repository).write(tree, GIT_OBJECT_TREE);
}

QByteArray writeRawCommit(const QString &repository, const QByteArray &treeHex, const QList<QByteArray> &parents, const QByteArray &message,
                          const QByteArray &author)
{
    QByteArray commit = "tree " + treeHex + '\n';
    for (const QByteArray &p : parents)
        commit += "parent " + p + '\n';
    commit += "author " + author + " 1700000000 +0000\ncommitter " + author + " 1700000000 +0000\n\n" + message;
    return Odb(repository).write(commit, GIT_OBJECT_COMMIT);
}

QByteArray writeZeroBlob(const QString &repository, qint64 size)
{
    const QByteArray header = "blob " + QByteArray::number(size) + '\0';
    constexpr qint64 chunk = 1 << 20;
    if (size % chunk != 0)
        throw std::runtime_error("writeZeroBlob: whole MiB only");
    const QByteArray zeros(chunk, '\0');

    // The object id: SHA-1 over the header and every byte.
    QCryptographicHash sha(QCryptographicHash::Sha1);
    sha.addData(header);
    for (qint64 done = 0; done < size; done += chunk)
        sha.addData(zeros);
    const QByteArray hex = sha.result().toHex();

    // A zlib stream: the header and one MiB of zeros, each ended by a full
    // flush (byte-aligned, no back references across it), so the MiB's
    // compressed bytes stand for every MiB; then an empty final block and
    // the Adler-32 of all of it.
    z_stream z{};
    if (deflateInit(&z, Z_BEST_SPEED) != Z_OK)
        throw std::runtime_error("deflateInit");
    auto deflateSome = [&z](const QByteArray &in, int flush) {
        QByteArray out(static_cast<qsizetype>(deflateBound(&z, static_cast<uLong>(in.size()))) + 64, '\0');
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.constData()));
        z.avail_in = static_cast<uInt>(in.size());
        z.next_out = reinterpret_cast<Bytef *>(out.data());
        z.avail_out = static_cast<uInt>(out.size());
        if (deflate(&z, flush) == Z_STREAM_ERROR || z.avail_in != 0)
            throw std::runtime_error("deflate");
        out.truncate(out.size() - z.avail_out);
        return out;
    };
    const QByteArray start = deflateSome(header, Z_FULL_FLUSH);
    const QByteArray first = deflateSome(zeros, Z_FULL_FLUSH);
    const QByteArray second = deflateSome(zeros, Z_FULL_FLUSH);
    if (first != second)
        throw std::runtime_error("writeZeroBlob: zlib output differs between equal chunks");
    QByteArray end = deflateSome(QByteArray(), Z_FINISH);
    deflateEnd(&z);
    uLong adler = adler32(adler32(0, nullptr, 0), reinterpret_cast<const Bytef *>(header.constData()), static_cast<uInt>(header.size()));
    const uLong chunkAdler = adler32(adler32(0, nullptr, 0), reinterpret_cast<const Bytef *>(zeros.constData()), static_cast<uInt>(zeros.size()));
    for (qint64 done = 0; done < size; done += chunk)
        adler = adler32_combine(adler, chunkAdler, chunk);
    end.chop(4);
    for (int shift = 24; shift >= 0; shift -= 8)
        end += static_cast<char>((adler >> shift) & 0xff);

    git_repository *repo = nullptr;
    git_libgit2_init();
    if (git_repository_open(&repo, repository.toUtf8().constData()) < 0)
        throw std::runtime_error("cannot open " + repository.toStdString());
    const QString objects = QString::fromUtf8(git_repository_path(repo)) + QStringLiteral("objects/");
    git_repository_free(repo);
    git_libgit2_shutdown();
    QDir().mkpath(objects + QString::fromLatin1(hex.left(2)));
    QFile f(objects + QString::fromLatin1(hex.left(2)) + QLatin1Char('/') + QString::fromLatin1(hex.mid(2)));
    if (!f.open(QIODevice::WriteOnly))
        throw std::runtime_error("cannot write the zero blob");
    f.write(start);
    for (qint64 done = 0; done < size; done += chunk)
        f.write(first);
    f.write(end);
    return hex;
}

void damageObject(const QString &gitDir, const QByteArray &idHex)
{
    QFile f(gitDir + QStringLiteral("/objects/") + QString::fromLatin1(idHex.left(2)) + QLatin1Char('/') + QString::fromLatin1(idHex.mid(2)));
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        throw std::runtime_error("cannot damage " + idHex.toStdString());
    f.write("this is not a zlib stream at all, not even close");
}

} // namespace rd::test
