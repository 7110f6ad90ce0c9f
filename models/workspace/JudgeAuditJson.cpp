#include "JudgeAuditJson.h"

#include <QCoreApplication>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace rd {

namespace {

using AuditJsonValue = nlohmann::ordered_json;

Error badAuditField(const QString &message)
{
    return Error{Error::Kind::Usage, message};
}

Result<qint64> auditIdField(const AuditJsonValue &o, const char *key)
{
    if (!o.contains(key))
        return badAuditField(QCoreApplication::translate("rd::models", "\"%1\" is missing").arg(QLatin1String(key)));
    const AuditJsonValue &v = o[key];
    if (!v.is_number_integer() || v.get<qint64>() <= 0)
        return badAuditField(QCoreApplication::translate("rd::models", "\"%1\" must be a comment id (a positive number), not %2").arg(QLatin1String(key), QString::fromStdString(v.dump())));
    return v.get<qint64>();
}

} // namespace

Result<AuditLine> parseAuditLine(const QByteArray &line)
{
    const AuditJsonValue o = AuditJsonValue::parse(line.toStdString(), nullptr, false);
    if (o.is_discarded())
        return badAuditField(QCoreApplication::translate("rd::models", "not JSON"));
    if (!o.is_object())
        return badAuditField(QCoreApplication::translate("rd::models", "not a JSON object"));
    static const QStringList known{QStringLiteral("merge_request"), QStringLiteral("comment"),   QStringLiteral("reference"),
                                   QStringLiteral("decision"),      QStringLiteral("annotator"), QStringLiteral("updated")};
    for (const auto &[key, value] : o.items())
        if (!known.contains(QString::fromStdString(key)))
            return badAuditField(QCoreApplication::translate("rd::models", "unknown field \"%1\" (an audit decision has %2)")
                                     .arg(QString::fromStdString(key), known.join(QStringLiteral(", "))));
    AuditLine out;
    auto comment = auditIdField(o, "comment");
    if (!comment)
        return comment.error();
    out.decision.comment = *comment;
    auto reference = auditIdField(o, "reference");
    if (!reference)
        return reference.error();
    out.decision.reference = *reference;
    if (out.decision.comment == out.decision.reference)
        return badAuditField(QCoreApplication::translate("rd::models", "\"comment\" and \"reference\" are both comment %1").arg(out.decision.comment));
    if (!o.contains("decision"))
        return badAuditField(QCoreApplication::translate("rd::models", "\"decision\" is missing (same, different, unsure, or null to take it back)"));
    if (o["decision"].is_null()) {
        out.remove = true;
    } else {
        const auto decision = o["decision"].is_string() ? auditDecisionFromName(QString::fromStdString(o["decision"].get<std::string>())) : std::nullopt;
        if (!decision)
            return badAuditField(QCoreApplication::translate("rd::models", "\"decision\" must be \"same\", \"different\", \"unsure\" or null, not %1")
                                     .arg(QString::fromStdString(o["decision"].dump())));
        out.decision.decision = *decision;
    }
    if (o.contains("merge_request")) {
        auto mr = auditIdField(o, "merge_request");
        if (!mr)
            return badAuditField(QCoreApplication::translate("rd::models", "\"merge_request\" must be a merge request id (a positive number), not %1")
                                     .arg(QString::fromStdString(o["merge_request"].dump())));
        out.decision.mergeRequest = *mr;
    }
    if (o.contains("annotator")) {
        if (!o["annotator"].is_string() || QString::fromStdString(o["annotator"].get<std::string>()).trimmed().isEmpty())
            return badAuditField(QCoreApplication::translate("rd::models", "\"annotator\" must be a name, not %1").arg(QString::fromStdString(o["annotator"].dump())));
        out.decision.annotator = QString::fromStdString(o["annotator"].get<std::string>()).trimmed();
    }
    if (o.contains("updated")) {
        const QDateTime when = o["updated"].is_string() ? QDateTime::fromString(QString::fromStdString(o["updated"].get<std::string>()), Qt::ISODateWithMs) : QDateTime();
        if (!when.isValid())
            return badAuditField(QCoreApplication::translate("rd::models", "\"updated\" must be a time in ISO 8601 (2026-01-31T12:00:00Z), not %1").arg(QString::fromStdString(o["updated"].dump())));
        out.decision.updated = when;
    }
    return out;
}

QByteArray auditDecisionToJson(const JudgeAuditDecision &decision)
{
    AuditJsonValue o = AuditJsonValue::object();
    o["merge_request"] = decision.mergeRequest;
    o["comment"] = decision.comment;
    o["reference"] = decision.reference;
    o["decision"] = auditDecisionName(decision.decision).toStdString();
    o["annotator"] = decision.annotator.toStdString();
    o["updated"] = decision.updated.isValid() ? decision.updated.toUTC().toString(Qt::ISODateWithMs).toStdString() : std::string();
    return QByteArray::fromStdString(o.dump());
}

} // namespace rd
