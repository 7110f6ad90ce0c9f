#pragma once

// The password of a workspace on a PostgreSQL server, from where the user
// keeps it: libpq reads PGPASSWORD and ~/.pgpass by itself; when neither
// has one, ReviewDesk asks the user's keyring (service "reviewdesk", key
// USER@HOST:PORT/DATABASE). A password is only ever handed to the database
// connection: never written to the workspace, settings or a log.

#include "Result.h"

#include <QProcessEnvironment>
#include <QString>
#include <QUrl>

#include <memory>
#include <optional>

namespace rd {

// The user's keyring (the desktop's Secret Service or KWallet through
// QtKeychain); tests put in their own.
class Keyring
{
public:
    virtual ~Keyring() = default;
    // Empty when the keyring has no such entry or cannot be reached.
    virtual std::optional<QString> read(const QString &service, const QString &key) = 0;
    virtual Result<bool> write(const QString &service, const QString &key, const QString &password) = 0;
};

namespace server_password {

inline const QString KeyringService = QStringLiteral("reviewdesk");

// USER@HOST:PORT/DATABASE, libpq's defaults filled in (port 5432, the
// login name as user).
QString keyringKey(const QUrl &address, const QProcessEnvironment &environment);

// True when libpq finds a password by itself: PGPASSWORD is set, or the
// password file (PGPASSFILE, else ~/.pgpass) has a line for this address
// (HOST:PORT:DATABASE:USER:PASSWORD, `*` for any).
bool libpqHasOne(const QUrl &address, const QProcessEnvironment &environment);

// The password to give the connection: empty when libpq finds one itself,
// else the keyring's (or one given for this session by rememberForSession).
std::optional<QString> lookUp(const QUrl &address, const QProcessEnvironment &environment, Keyring &keyring);

// Until the program ends only (the Server… dialog's password when it is
// not to be remembered).
void rememberForSession(const QString &key, const QString &password);

// The keyring the store asks; QtKeychain's unless replaced (tests).
Keyring &keyring();
void setKeyring(std::unique_ptr<Keyring> keyring);

} // namespace server_password

} // namespace rd
