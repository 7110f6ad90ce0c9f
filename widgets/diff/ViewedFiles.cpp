#include "ViewedFiles.h"

#include <MergeRequest.h>

#include <QCryptographicHash>
#include <QSettings>

namespace rd {

ViewedFiles::ViewedFiles(const MergeRequest &mr)
{
    const QByteArray identity = mr.repository.gitDir().toUtf8() + '\n' + mr.diffBase().toHex() + '\n' + mr.head.toHex();
    m_settingsKey = QStringLiteral("viewed/") + QString::fromLatin1(QCryptographicHash::hash(identity, QCryptographicHash::Sha1).toHex());
    const QStringList stored = QSettings().value(m_settingsKey).toStringList();
    m_viewed = QSet<QString>(stored.begin(), stored.end());
}

QString ViewedFiles::keyOf(const FileDiff &file)
{
    return QString::fromUtf8(file.displayPath()) + QLatin1Char('\t') + QString::fromLatin1(file.blob[Side::New].toHex());
}

bool ViewedFiles::isViewed(const FileDiff &file) const
{
    return m_viewed.contains(keyOf(file));
}

void ViewedFiles::setViewed(const FileDiff &file, bool viewed)
{
    if (m_settingsKey.isEmpty())
        return;
    if (viewed)
        m_viewed.insert(keyOf(file));
    else
        m_viewed.remove(keyOf(file));
    QStringList list(m_viewed.begin(), m_viewed.end());
    list.sort();
    QSettings().setValue(m_settingsKey, list);
}

} // namespace rd
