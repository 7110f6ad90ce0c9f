#include "Prompts.h"

#include <QFile>

namespace rd {

QString roleName(ReviewRole role)
{
    switch (role) {
    case ReviewRole::Reviewer: return QStringLiteral("reviewer");
    case ReviewRole::MetaReviewer: return QStringLiteral("meta_reviewer");
    case ReviewRole::Validator: return QStringLiteral("validator");
    case ReviewRole::Translator: return QStringLiteral("translator");
    }
    return {};
}

QList<ChatMessage> buildPrompt(ReviewRole role, bool chainOfThought, const QHash<QString, QString> &values, LineFormat)
{
    QFile file(QStringLiteral(":/prompts/%1%2.txt").arg(roleName(role), chainOfThought ? QString() : QStringLiteral("_nocot")));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("prompt template %s is missing from the resources", qPrintable(file.fileName()));
    QString text = QString::fromUtf8(file.readAll());
    for (auto it = values.begin(); it != values.end(); ++it)
        text.replace(QStringLiteral("{{%1}}").arg(it.key()), it.value());
    // "=== system ===" and "=== user ===" split the template into messages.
    QList<ChatMessage> messages;
    const QStringList parts = text.split(QStringLiteral("=== "), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const qsizetype end = part.indexOf(QStringLiteral(" ===\n"));
        if (end < 0)
            continue;
        messages.append({part.left(end).trimmed(), part.mid(end + 5).trimmed()});
    }
    return messages;
}

} // namespace rd
