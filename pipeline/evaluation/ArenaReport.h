#pragma once

// What `reviewdesk-cli arena` prints: people's ranking of the run
// configurations and each LLM judge of pairs beside it, as JSON (the names
// issue 35 gives) or Markdown. docs/arena.md defines every figure.

#include "Arena.h"
#include "PairJudge.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace rd {

struct ArenaReport
{
    ArenaRanking people;
    QList<PairJudgeOutcome> judges;
};

QByteArray arenaJson(const ArenaReport &report);
QString arenaMarkdown(const ArenaReport &report);

} // namespace rd
