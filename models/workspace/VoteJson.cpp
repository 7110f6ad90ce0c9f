#include "VoteJson.h"

#include <QCoreApplication>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace rd {

namespace {

using VoteJsonValue = nlohmann::ordered_json;

Error badVoteField(const QString &message)
{
    return Error{Error::Kind::Usage, message};
}

// A positive whole number, or the error naming `key` and what it should be.
Result<qint64> positiveIdField(const VoteJsonValue &o, const char *key, const char *what)
{
    if (!o.contains(key))
        return badVoteField(QCoreApplication::translate("rd::models", "\"%1\" is missing").arg(QLatin1String(key)));
    const VoteJsonValue &v = o[key];
    if (!v.is_number_integer() || v.get<qint64>() <= 0)
        return badVoteField(QCoreApplication::translate("rd::models", "\"%1\" must be %2, not %3")
                                .arg(QLatin1String(key), QCoreApplication::translate("rd::models", what), QString::fromStdString(v.dump())));
    return v.get<qint64>();
}

} // namespace

Result<PairwiseVote> parseVoteLine(const QByteArray &line)
{
    const VoteJsonValue o = VoteJsonValue::parse(line.toStdString(), nullptr, false);
    if (o.is_discarded())
        return badVoteField(QCoreApplication::translate("rd::models", "not JSON"));
    if (!o.is_object())
        return badVoteField(QCoreApplication::translate("rd::models", "not a JSON object"));
    static const QStringList known{QStringLiteral("merge_request"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("winner"), QStringLiteral("seed"),
                                   QStringLiteral("time_spent_ms")};
    for (const auto &[key, value] : o.items())
        if (!known.contains(QString::fromStdString(key)))
            return badVoteField(QCoreApplication::translate("rd::models", "unknown field \"%1\" (a vote has %2)")
                                    .arg(QString::fromStdString(key), known.join(QStringLiteral(", "))));
    PairwiseVote vote;
    auto mr = positiveIdField(o, "merge_request", QT_TRANSLATE_NOOP("rd::models", "a merge request id (a positive number)"));
    if (!mr)
        return mr.error();
    vote.mergeRequest = *mr;
    auto a = positiveIdField(o, "a", QT_TRANSLATE_NOOP("rd::models", "a run id (a positive number)"));
    if (!a)
        return a.error();
    vote.runA = *a;
    auto b = positiveIdField(o, "b", QT_TRANSLATE_NOOP("rd::models", "a run id (a positive number)"));
    if (!b)
        return b.error();
    vote.runB = *b;
    if (!o.contains("winner"))
        return badVoteField(QCoreApplication::translate("rd::models", "\"winner\" is missing"));
    const auto winner = o["winner"].is_string() ? pairWinnerFromName(QString::fromStdString(o["winner"].get<std::string>())) : std::nullopt;
    if (!winner)
        return badVoteField(QCoreApplication::translate("rd::models", "\"winner\" must be \"a\", \"b\" or \"tie\", not %1").arg(QString::fromStdString(o["winner"].dump())));
    vote.winner = *winner;
    for (const auto &[key, into] : {std::pair{"seed", &vote.orderSeed}, std::pair{"time_spent_ms", &vote.timeSpentMs}}) {
        if (!o.contains(key))
            continue;
        const VoteJsonValue &v = o[key];
        if (!v.is_number_integer() || v.get<qint64>() < 0)
            return badVoteField(QCoreApplication::translate("rd::models", "\"%1\" must be a whole number of 0 or more, not %2").arg(QLatin1String(key), QString::fromStdString(v.dump())));
        *into = v.get<qint64>();
    }
    if (vote.runA == vote.runB)
        return badVoteField(QCoreApplication::translate("rd::models", "\"a\" and \"b\" are both run %1: a vote compares two different runs").arg(vote.runA));
    return vote;
}

QByteArray voteToJson(const PairwiseVote &vote)
{
    VoteJsonValue o = VoteJsonValue::object();
    o["id"] = vote.id;
    o["merge_request"] = vote.mergeRequest;
    o["a"] = vote.runA;
    o["b"] = vote.runB;
    o["winner"] = pairWinnerName(vote.winner).toStdString();
    o["annotator"] = vote.annotator.toStdString();
    o["updated"] = vote.updated.isValid() ? vote.updated.toUTC().toString(Qt::ISODateWithMs).toStdString() : std::string();
    if (vote.orderSeed)
        o["seed"] = *vote.orderSeed;
    if (vote.timeSpentMs)
        o["time_spent_ms"] = *vote.timeSpentMs;
    return QByteArray::fromStdString(o.dump());
}

} // namespace rd
