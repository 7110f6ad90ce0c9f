#pragma once

// A code host's access token, from where the user keeps it: an environment
// variable (named by the user, else the host's usual one) or the user's
// keyring (service "reviewdesk", key "github:SERVER", "gitlab:SERVER",
// "gerrit:SERVER"). Never from a file ReviewDesk writes, and never written
// anywhere by ReviewDesk: the token goes into request headers only.

#include "CodeHost.h"

#include <QProcessEnvironment>
#include <QString>

namespace rd {

class Keyring;

struct HostToken
{
    QString value;  // empty: none found, requests go unauthenticated
    QString source; // where it came from, for messages: "GITHUB_TOKEN", "the keyring"
};

namespace host_token {

// GITHUB_TOKEN, GITLAB_TOKEN, GERRIT_HTTP_CREDENTIALS (USER:HTTP-PASSWORD).
QString defaultVariable(CodeHostKind kind);
// "github:github.com".
QString keyringKey(CodeHostKind kind, const QString &server);

// The variable `variable` (else defaultVariable) when set and not empty,
// else the keyring's entry for the server, else nothing.
HostToken lookUp(CodeHostKind kind, const QString &server, const QString &variable,
                 const QProcessEnvironment &environment, Keyring &keyring);

} // namespace host_token

} // namespace rd
