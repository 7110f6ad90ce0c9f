#include "StatusIcon.h"

#include <QPainter>
#include <QPixmap>

namespace rd {

QString statusLetter(FileStatus status)
{
    switch (status) {
    case FileStatus::Added: return QStringLiteral("A");
    case FileStatus::Deleted: return QStringLiteral("D");
    case FileStatus::Modified: return QStringLiteral("M");
    case FileStatus::Renamed: return QStringLiteral("R");
    case FileStatus::Copied: return QStringLiteral("C");
    case FileStatus::TypeChange: return QStringLiteral("T");
    }
    return QStringLiteral("?");
}

QIcon statusIcon(FileStatus status)
{
    static QIcon cache[6];
    QIcon &icon = cache[static_cast<int>(status)];
    if (!icon.isNull())
        return icon;
    QColor color;
    switch (status) {
    case FileStatus::Added: color = QColor(0x1a7f37); break;
    case FileStatus::Deleted: color = QColor(0xcf222e); break;
    case FileStatus::Modified: color = QColor(0x9a6700); break;
    case FileStatus::Renamed: color = QColor(0x0969da); break;
    case FileStatus::Copied: color = QColor(0x8250df); break;
    case FileStatus::TypeChange: color = QColor(0x57606a); break;
    }
    for (int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.setBrush(color);
        p.setPen(Qt::NoPen);
        p.drawRoundedRect(QRectF(1, 1, size - 2, size - 2), size / 5.0, size / 5.0);
        QFont font;
        font.setBold(true);
        font.setPixelSize(size * 11 / 16);
        p.setFont(font);
        p.setPen(Qt::white);
        p.drawText(pixmap.rect(), Qt::AlignCenter, statusLetter(status));
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace rd
