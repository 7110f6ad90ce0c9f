#include "HostToken.h"

#include "ServerPassword.h"

#include <QCoreApplication>

namespace rd::host_token {

QString defaultVariable(CodeHostKind kind)
{
    switch (kind) {
    case CodeHostKind::GitHub: return QStringLiteral("GITHUB_TOKEN");
    case CodeHostKind::GitLab: return QStringLiteral("GITLAB_TOKEN");
    case CodeHostKind::Gerrit: return QStringLiteral("GERRIT_HTTP_CREDENTIALS");
    }
    return {};
}

QString keyringKey(CodeHostKind kind, const QString &server)
{
    return codeHostName(kind).toLower() + QLatin1Char(':') + server;
}

HostToken lookUp(CodeHostKind kind, const QString &server, const QString &variable,
                 const QProcessEnvironment &environment, Keyring &keyring)
{
    const QString name = variable.isEmpty() ? defaultVariable(kind) : variable;
    const QString fromEnvironment = environment.value(name).trimmed();
    if (!fromEnvironment.isEmpty())
        return {fromEnvironment, name};
    if (const auto stored = keyring.read(server_password::KeyringService, keyringKey(kind, server)); stored && !stored->isEmpty())
        return {*stored, QCoreApplication::translate("rd::hosts", "the keyring")};
    return {};
}

} // namespace rd::host_token
