#include "ResumeFixture.h"

#include "FixtureRepo.h"
#include "Scenarios.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace rd::test {

void buildScaledFactors(const QString &path)
{
    FixtureRepo repo(path);
    const QByteArray base = cppSource(8);
    QByteArray head = base;
    for (const char *factor : {"2", "4", "6", "8"})
        head.replace(QByteArray("total += v * " + QByteArray(factor) + ";"), QByteArray("total += v * " + QByteArray(factor) + "0;"));
    repo.commit("main", {{"src/compute.cpp", file(base)}}, "Base\n", {});
    repo.commit("feature", {{"src/compute.cpp", file(head)}}, "Scale four factors\n", {repo.tip("main")});
}

FakeLlmServer::Reply deterministicModels(const FakeLlmServer::Request &request)
{
    constexpr int latencyMs = 25;
    const QJsonArray messages = QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray();
    const QString system = messages.at(0).toObject().value(QStringLiteral("content")).toString();
    const QString user = messages.at(1).toObject().value(QStringLiteral("content")).toString();
    const QRegularExpressionMatch added = QRegularExpression(QStringLiteral("^\\+\\s*(\\d+) "), QRegularExpression::MultilineOption).match(user);
    const int line = added.hasMatch() ? added.captured(1).toInt() : 1;
    const QString comment = QStringLiteral("{\"file\":\"src/compute.cpp\",\"side\":\"new\",\"line_start\":%1,\"issue\":\"%2\","
                                           "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":%3%4}");
    if (system.contains(QLatin1String("meta-reviewer"))) {
        QStringList ids;
        const QJsonArray given = QJsonDocument::fromJson(user.mid(user.lastIndexOf(QLatin1String("{\n  \"comments\""))).toUtf8())
                                     .object()
                                     .value(QStringLiteral("comments"))
                                     .toArray();
        for (const QJsonValue &v : given)
            ids << QStringLiteral("\"%1\"").arg(v.toObject().value(QStringLiteral("id")).toString());
        return FakeLlmServer::completion(
            QStringLiteral("{\"comments\":[%1]}").arg(comment.arg(line).arg(QStringLiteral("the factor can overflow")).arg(6).arg(QStringLiteral(",\"sources\":[%1]").arg(ids.join(QLatin1Char(','))))),
            10, 5, latencyMs);
    }
    if (system.contains(QLatin1String("You validate")))
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[%1]}").arg(comment.arg(line).arg(QStringLiteral("the factor can overflow")).arg(7).arg(QString())), 10, 5,
                                         latencyMs);
    const QRegularExpressionMatch reviewer = QRegularExpression(QStringLiteral("reviewer (\\d) of")).match(user);
    return FakeLlmServer::completion(
        QStringLiteral("{\"comments\":[%1]}").arg(comment.arg(line).arg(QStringLiteral("overflow seen by reviewer %1").arg(reviewer.captured(1))).arg(5).arg(QString())),
        10, 5, latencyMs);
}

QByteArray deterministicConfig(const QString &endpoint)
{
    const QByteArray e = endpoint.toUtf8();
    return "{\"reviewers\":3,\"min_agreement\":2,\"retries\":0,\"concurrency\":2,\"roles\":{"
           "\"reviewer\":{\"endpoint\":\"" + e + "\",\"model\":\"m\"},"
           "\"meta_reviewer\":{\"endpoint\":\"" + e + "\",\"model\":\"m\"},"
           "\"validator\":{\"endpoint\":\"" + e + "\",\"model\":\"m\"}}}";
}

QJsonArray commentsIn(const QString &runFile)
{
    QFile f(runFile);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("comments")).toArray();
}

} // namespace rd::test
