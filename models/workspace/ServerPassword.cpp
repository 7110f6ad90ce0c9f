#include "ServerPassword.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QMutex>
#include <QSysInfo>

#include <qt6keychain/keychain.h>

namespace rd::server_password {

namespace {

QString userOf(const QUrl &address, const QProcessEnvironment &environment)
{
    if (!address.userName().isEmpty())
        return address.userName();
    if (environment.contains(QStringLiteral("PGUSER")))
        return environment.value(QStringLiteral("PGUSER"));
    return environment.value(QStringLiteral("USER"));
}

// One field of a .pgpass line: `\:` and `\\` are escaped characters.
QStringList pgpassFields(const QString &line)
{
    QStringList fields{QString()};
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (line[i] == QLatin1Char('\\') && i + 1 < line.size()) {
            fields.last() += line[++i];
        } else if (line[i] == QLatin1Char(':') && fields.size() < 5) {
            fields << QString();
        } else {
            fields.last() += line[i];
        }
    }
    return fields;
}

// QtKeychain's jobs report through signals: the lookup waits for its job in
// a local event loop (the store is opened from any thread).
class QtKeychainKeyring final : public Keyring
{
public:
    std::optional<QString> read(const QString &service, const QString &key) override
    {
        QKeychain::ReadPasswordJob job(service);
        job.setAutoDelete(false);
        job.setKey(key);
        QEventLoop loop;
        QObject::connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
        job.start();
        loop.exec();
        if (job.error() != QKeychain::NoError)
            return std::nullopt;
        return job.textData();
    }

    Result<bool> write(const QString &service, const QString &key, const QString &password) override
    {
        QKeychain::WritePasswordJob job(service);
        job.setAutoDelete(false);
        job.setKey(key);
        job.setTextData(password);
        QEventLoop loop;
        QObject::connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
        job.start();
        loop.exec();
        if (job.error() != QKeychain::NoError)
            return Error{Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot keep the password in the keyring: %1").arg(job.errorString())};
        return true;
    }
};

QMutex lock;
std::unique_ptr<Keyring> current;
QHash<QString, QString> session;

} // namespace

QString keyringKey(const QUrl &address, const QProcessEnvironment &environment)
{
    return QStringLiteral("%1@%2:%3/%4").arg(userOf(address, environment), address.host()).arg(address.port(5432)).arg(address.path().mid(1));
}

bool libpqHasOne(const QUrl &address, const QProcessEnvironment &environment)
{
    if (environment.contains(QStringLiteral("PGPASSWORD")))
        return true;
    const QString file = environment.contains(QStringLiteral("PGPASSFILE")) ? environment.value(QStringLiteral("PGPASSFILE"))
                                                                            : QDir::homePath() + QStringLiteral("/.pgpass");
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return false;
    const QStringList wanted{address.host(), QString::number(address.port(5432)), address.path().mid(1), userOf(address, environment)};
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList fields = pgpassFields(line);
        if (fields.size() < 5)
            continue;
        bool all = true;
        for (int i = 0; i < 4; ++i)
            all = all && (fields[i] == QLatin1String("*") || fields[i] == wanted[i]);
        if (all)
            return true;
    }
    return false;
}

std::optional<QString> lookUp(const QUrl &address, const QProcessEnvironment &environment, Keyring &keyring)
{
    if (libpqHasOne(address, environment))
        return std::nullopt;
    const QString key = keyringKey(address, environment);
    {
        // The one typed this session wins over an older one in the keyring.
        QMutexLocker locker(&lock);
        if (session.contains(key))
            return session.value(key);
    }
    if (auto kept = keyring.read(KeyringService, key); kept && !kept->isEmpty())
        return kept;
    return std::nullopt;
}

void rememberForSession(const QString &key, const QString &password)
{
    QMutexLocker locker(&lock);
    session.insert(key, password);
}

Keyring &keyring()
{
    QMutexLocker locker(&lock);
    if (!current)
        current = std::make_unique<QtKeychainKeyring>();
    return *current;
}

void setKeyring(std::unique_ptr<Keyring> keyring)
{
    QMutexLocker locker(&lock);
    current = std::move(keyring);
}

} // namespace rd::server_password
