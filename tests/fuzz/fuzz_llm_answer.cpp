// An endpoint's HTTP answer body (readAnswer): a chat completion, or an
// embeddings answer for requests of one to three texts. An embeddings answer
// accepted holds one vector per text, and the AACR review reads as many back
// (embeddingVectors), which also reads the input as a cache would hold it.
#include "FuzzInput.h"

#include <LlmTypes.h>

#include <QJsonArray>
#include <QJsonDocument>

using namespace rd;

static_assert(fuzz::target == "llm_answer_chat" || fuzz::target == "llm_answer_embeddings", "no request kind for this target");

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray body = fuzz::bytes(data, size);
    ChatRequest request;
    request.profile.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
    request.profile.model = QStringLiteral("fuzz");
    if constexpr (fuzz::target == "llm_answer_chat") {
        request.messages = {{QStringLiteral("user"), QStringLiteral("review")}};
        (void)readAnswer(request, body);
    } else {
        (void)embeddingVectors(QString::fromUtf8(body));
        for (int texts = 1; texts <= 3; ++texts) {
            request.embeddingInput.append(QStringLiteral("text %1").arg(texts));
            const auto answer = readAnswer(request, body);
            if (!answer)
                continue;
            const QJsonDocument vectors = QJsonDocument::fromJson(answer->content.toUtf8());
            if (!vectors.isArray() || vectors.array().size() != texts)
                __builtin_trap();
            for (const QJsonValue &v : vectors.array())
                if (!v.isArray() || v.toArray().isEmpty())
                    __builtin_trap();
            if (embeddingVectors(answer->content).size() != static_cast<std::size_t>(texts))
                __builtin_trap();
        }
    }
    return 0;
}
