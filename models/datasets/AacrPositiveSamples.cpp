#include "AacrPositiveSamples.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace rd {

namespace {

Error badSample(const QString &fileName, const QString &what)
{
    return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "%1: %2").arg(fileName, what)};
}

} // namespace

Result<QList<AacrPositivePr>> readAacrPositiveSamples(const QByteArray &json, const QString &fileName)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return badSample(fileName, QCoreApplication::translate("rd::models", "not JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
    if (!doc.isArray())
        return badSample(fileName, QCoreApplication::translate("rd::models", "expected an array of pull requests"));
    static const QRegularExpression url(QStringLiteral("^https://github\\.com/([^/]+)/([^/]+)/pull/(\\d+)"));
    QList<AacrPositivePr> out;
    const QJsonArray prs = doc.array();
    for (qsizetype i = 0; i < prs.size(); ++i) {
        const QString where = QCoreApplication::translate("rd::models", "PR %1").arg(i + 1);
        if (!prs[i].isObject())
            return badSample(fileName, QCoreApplication::translate("rd::models", "%1 is not an object").arg(where));
        const QJsonObject o = prs[i].toObject();
        AacrPositivePr pr;
        pr.url = o.value(QStringLiteral("githubPrUrl")).toString();
        const auto m = url.match(pr.url);
        if (!m.hasMatch())
            return badSample(fileName, QCoreApplication::translate("rd::models", "%1: githubPrUrl is not a GitHub pull request URL").arg(where));
        pr.repo = m.captured(2);
        pr.number = m.captured(3);
        pr.language = o.value(QStringLiteral("project_main_language")).toString();
        pr.category = o.value(QStringLiteral("category")).toString();
        const QJsonValue comments = o.value(QStringLiteral("comments"));
        if (!comments.isArray())
            return badSample(fileName, QCoreApplication::translate("rd::models", "%1: comments is not an array").arg(where));
        const QJsonArray list = comments.toArray();
        for (qsizetype k = 0; k < list.size(); ++k) {
            const QString at = QCoreApplication::translate("rd::models", "%1, comment %2").arg(where).arg(k + 1);
            if (!list[k].isObject())
                return badSample(fileName, QCoreApplication::translate("rd::models", "%1 is not an object").arg(at));
            const QJsonObject c = list[k].toObject();
            eval::Item item;
            item.id = k;
            item.text = c.value(QStringLiteral("note")).toString();
            item.where.path = c.value(QStringLiteral("path")).toString();
            const QJsonValue side = c.value(QStringLiteral("side"));
            item.where.side = side.toString();
            item.where.sideAbsent = side.isUndefined() || side.isNull(); // the evaluator's c.get("side") is None
            for (const auto &[key, target] : {std::pair{"from_line", &item.where.from}, std::pair{"to_line", &item.where.to}}) {
                const QJsonValue v = c.value(QLatin1String(key));
                if (v.isNull() || v.isUndefined())
                    continue;
                if (!v.isDouble() || v.toDouble() != double(v.toInt()))
                    return badSample(fileName, QCoreApplication::translate("rd::models", "%1: %2 is not a line number").arg(at, QLatin1String(key)));
                *target = v.toInt();
            }
            item.category = c.value(QStringLiteral("category")).toString();
            item.context = c.value(QStringLiteral("context")).toString();
            const QJsonValue id = c.value(QStringLiteral("id"));
            item.key = id.isUndefined() || id.isNull() ? QStringLiteral("None") : id.toVariant().toString();
            pr.references << item;
        }
        out << pr;
    }
    return out;
}

} // namespace rd
