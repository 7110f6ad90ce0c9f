#include "HostAnswer.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

namespace rd {

namespace {

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QCoreApplication::translate("rd::hosts", "null");
    case QJsonValue::Bool: return QCoreApplication::translate("rd::hosts", "a boolean");
    case QJsonValue::Double: return QCoreApplication::translate("rd::hosts", "a number");
    case QJsonValue::String: return QCoreApplication::translate("rd::hosts", "a string");
    case QJsonValue::Array: return QCoreApplication::translate("rd::hosts", "a list");
    case QJsonValue::Object: return QCoreApplication::translate("rd::hosts", "an object");
    case QJsonValue::Undefined: return QCoreApplication::translate("rd::hosts", "nothing");
    }
    return {};
}

} // namespace

QString HostAnswer::describe(const HostClient &client, const HostRequest &request)
{
    return QStringLiteral("%1: %2 %3").arg(client.hostLabel(), QString::fromLatin1(request.verb), request.path);
}

QString HostAnswer::join(const QString &path, const QString &key)
{
    if (path.isEmpty())
        return key;
    return key.startsWith(QLatin1Char('[')) ? QString(path + key) : QString(path + QLatin1Char('.') + key);
}

void HostAnswer::refuse(const QString &path, const QString &problem)
{
    if (m_error)
        return;
    m_error = Error{Error::Kind::Service, path.isEmpty() ? QCoreApplication::translate("rd::hosts", "%1: %2").arg(m_where, problem) : QCoreApplication::translate("rd::hosts", "%1: %2: %3").arg(m_where, path, problem)};
}

void HostAnswer::wrongType(const QString &path, const char *expected, const QJsonValue &found)
{
    refuse(path, QCoreApplication::translate("rd::hosts", "expected %1, found %2").arg(QCoreApplication::translate("rd::hosts", expected), typeName(found)));
}

std::optional<QJsonValue> HostAnswer::member(const QJsonObject &parent, const QString &path, const QString &key, Presence presence)
{
    if (m_error)
        return std::nullopt;
    const QJsonValue value = parent.value(key);
    if (value.isUndefined() || value.isNull()) {
        if (presence == Required)
            refuse(join(path, key), value.isNull() ? QCoreApplication::translate("rd::hosts", "is null, the answer must give it") : QCoreApplication::translate("rd::hosts", "missing from the answer"));
        return std::nullopt;
    }
    return value;
}

QJsonObject HostAnswer::root(const QJsonDocument &document)
{
    if (!document.isObject()) {
        refuse(QString(), QCoreApplication::translate("rd::hosts", "expected an object, found %1").arg(document.isArray() ? QCoreApplication::translate("rd::hosts", "a list") : QCoreApplication::translate("rd::hosts", "nothing")));
        return {};
    }
    return document.object();
}

Result<QJsonObject> HostAnswer::ask(HostClient &client, const HostRequest &request)
{
    auto json = client.json(request);
    if (!json)
        return json.error();
    QJsonObject object = root(*json);
    if (failed())
        return error();
    return object;
}

QJsonObject HostAnswer::object(const QJsonValue &value, const QString &path)
{
    if (m_error)
        return {};
    if (!value.isObject()) {
        wrongType(path, QT_TRANSLATE_NOOP("rd::hosts", "an object"), value);
        return {};
    }
    return value.toObject();
}

QJsonObject HostAnswer::object(const QJsonObject &parent, const QString &path, const QString &key, Presence presence)
{
    const auto value = member(parent, path, key, presence);
    return value ? object(*value, join(path, key)) : QJsonObject();
}

QJsonArray HostAnswer::array(const QJsonObject &parent, const QString &path, const QString &key, Presence presence)
{
    const auto value = member(parent, path, key, presence);
    if (!value)
        return {};
    if (!value->isArray()) {
        wrongType(join(path, key), QT_TRANSLATE_NOOP("rd::hosts", "a list"), *value);
        return {};
    }
    return value->toArray();
}

QString HostAnswer::text(const QJsonObject &parent, const QString &path, const QString &key, Presence presence)
{
    const auto value = member(parent, path, key, presence);
    if (!value)
        return {};
    if (!value->isString()) {
        wrongType(join(path, key), QT_TRANSLATE_NOOP("rd::hosts", "a string"), *value);
        return {};
    }
    return value->toString();
}

qint64 HostAnswer::number(const QJsonObject &parent, const QString &path, const QString &key, Presence presence)
{
    const auto value = member(parent, path, key, presence);
    if (!value)
        return 0;
    const double number = value->toDouble();
    if (!value->isDouble() || std::floor(number) != number || std::abs(number) > 9.0e15) {
        wrongType(join(path, key), QT_TRANSLATE_NOOP("rd::hosts", "a whole number"), *value);
        return 0;
    }
    return qint64(number);
}

bool HostAnswer::flag(const QJsonObject &parent, const QString &path, const QString &key, Presence presence)
{
    const auto value = member(parent, path, key, presence);
    if (!value)
        return false;
    if (!value->isBool()) {
        wrongType(join(path, key), QT_TRANSLATE_NOOP("rd::hosts", "a boolean"), *value);
        return false;
    }
    return value->toBool();
}

QString HostAnswer::sha(const QJsonObject &parent, const QString &path, const QString &key, Presence presence)
{
    const QString value = text(parent, path, key, presence);
    static const QRegularExpression commitId(QStringLiteral("^(?:[0-9a-f]{40}|[0-9a-f]{64})$"));
    if (!value.isEmpty() && !commitId.match(value).hasMatch()) {
        refuse(join(path, key), QCoreApplication::translate("rd::hosts", "\"%1\" is not a commit id").arg(value.left(80)));
        return {};
    }
    return value;
}

} // namespace rd
