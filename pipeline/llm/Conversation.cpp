#include "Conversation.h"

#include <nlohmann/json.hpp>

namespace rd {

QByteArray conversationsJson(const QList<Conversation> &conversations)
{
    using Json = nlohmann::ordered_json;
    Json list = Json::array();
    for (const Conversation &c : conversations) {
        Json turns = Json::array();
        for (const ConversationTurn &t : c.turns) {
            Json turn = {{"instructor_exchange", t.instructorExchange},
                         {"exchange", t.exchange},
                         {"embedding_exchange", t.embeddingExchange},
                         {"checker_exchange", t.checkerExchange},
                         {"score", t.score}};
            if (t.terms)
                turn["terms"] = {{"relevance", t.terms->relevance},
                                 {"specificity", t.terms->specificity},
                                 {"coherence", t.terms->coherence()},
                                 {"discourse_connectives", t.terms->discourse},
                                 {"coreference_consistency", t.terms->coreference},
                                 {"answer_pattern_adherence", t.terms->pattern},
                                 {"quality", t.terms->quality()}};
            if (!t.instruction.isEmpty())
                turn["instruction"] = t.instruction.toStdString();
            if (!t.note.isEmpty())
                turn["note"] = t.note.toStdString();
            turns.push_back(turn);
        }
        list.push_back({{"phase", c.phase.toStdString()},
                        {"task", c.task.toStdString()},
                        {"instructor", c.instructor.toStdString()},
                        {"assistant", c.assistant.toStdString()},
                        {"supervised", c.supervised},
                        {"threshold", c.threshold},
                        {"max_turns", c.maxTurns},
                        {"accepted", c.accepted},
                        {"turns", turns}});
    }
    return QByteArray::fromStdString(list.dump());
}

} // namespace rd
