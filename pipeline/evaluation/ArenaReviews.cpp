#include "ArenaReviews.h"

#include <DatasetExport.h>

#include <algorithm>
#include <tuple>

namespace rd {

BlindReview blindReviewOf(const QList<StoredComment> &comments, qint64 run)
{
    BlindReview review;
    for (const StoredComment &stored : comments) {
        if (stored.run != run || stored.origin != CommentOrigin::Generated)
            continue;
        const ReviewComment &c = stored.original ? *stored.original : stored.comment;
        if (!c.kept)
            continue;
        BlindComment b;
        b.file = c.file;
        b.side = c.side;
        b.lineStart = c.lineStart;
        b.lineEnd = c.lineEnd;
        b.located = c.located();
        b.issue = c.issue;
        b.rootCause = c.rootCause;
        b.fix = c.fix;
        b.example = c.example;
        b.category = c.category;
        b.severity = c.q3Severity;
        review.comments << b;
    }
    std::stable_sort(review.comments.begin(), review.comments.end(), [](const BlindComment &x, const BlindComment &y) {
        return std::tie(x.file, x.side, x.lineStart, x.lineEnd) < std::tie(y.file, y.side, y.lineStart, y.lineEnd);
    });
    return review;
}

QString blindReviewText(const BlindReview &review)
{
    if (review.comments.isEmpty())
        return QStringLiteral("(no comments)");
    QString out;
    int n = 0;
    for (const BlindComment &c : review.comments) {
        QString place = c.file.isEmpty() ? QStringLiteral("the whole merge request") : c.file;
        if (c.located)
            place += c.lineEnd > c.lineStart ? QStringLiteral(", lines %1-%2").arg(c.lineStart).arg(c.lineEnd) : QStringLiteral(", line %1").arg(c.lineStart);
        if (c.located && c.side == QLatin1String("old"))
            place += QStringLiteral(" of the old version");
        QStringList labels;
        if (!c.category.isEmpty())
            labels << c.category;
        if (c.severity > 0)
            labels << QStringLiteral("severity %1 of 7").arg(c.severity);
        ReviewComment text;
        text.issue = c.issue;
        text.rootCause = c.rootCause;
        text.fix = c.fix;
        text.example = c.example;
        out += QStringLiteral("%1. %2%3\n%4\n\n").arg(++n).arg(place, labels.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(labels.join(QStringLiteral(", "))), commentNote(text));
    }
    return out.trimmed();
}

} // namespace rd
