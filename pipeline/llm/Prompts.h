#pragma once

#include "LlmTypes.h"

#include <Slice.h>

#include <QHash>

namespace rd {

enum class ReviewRole { Reviewer, MetaReviewer, Validator, Translator };

QString roleName(ReviewRole role); // reviewer, meta_reviewer, validator, translator

// The messages for a role from its template in resources/prompts (with or
// without the chain-of-thought steps), {{placeholders}} filled from `values`.
QList<ChatMessage> buildPrompt(ReviewRole role, bool chainOfThought, const QHash<QString, QString> &values,
                              LineFormat lineFormat = LineFormat::Inline);

// The messages of any template under resources/prompts ("cqs/collector" is
// :/prompts/cqs/collector.txt), {{placeholders}} filled from `values`: the
// other pipelines' prompts.
QList<ChatMessage> buildPrompt(const QString &templateName, const QHash<QString, QString> &values);

} // namespace rd
